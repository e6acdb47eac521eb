/**
 * Event-log XML (`<Event xmlns=…><System>…</System><EventData><Data Name="x">v</Data>…`) to the
 * evtx_dump JSON shape, so XML records evaluate exactly like JSON ones.
 */
import { SigmaError } from './errors.js';
import type { Json } from './event.js';

interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decode(s: string): string {
  return s.replace(/&(#x[0-9a-fA-F]+|#\d+|[a-z]+);/g, (m, e: string) => {
    if (e[0] === '#') {
      const code = e[1] === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : m;
    }
    return ENTITIES[e] ?? m;
  });
}

const localName = (n: string) => n.slice(n.indexOf(':') + 1);

/** A small XML reader for event records: elements, attributes, text, CDATA; no DTDs. */
export function parseXml(xml: string): XmlElement[] {
  const root: XmlElement = { name: '#root', attrs: {}, children: [], text: '' };
  const stack: XmlElement[] = [root];
  const re =
    /<!\[CDATA\[([\s\S]*?)\]\]>|<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<!DOCTYPE[^>]*>|<\/([^\s>]+)\s*>|<([^\s/>]+)((?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>|([^<]+)/gy;
  let m: RegExpExecArray | null;
  let pos = 0;
  while (pos < xml.length && (m = re.exec(xml)) !== null) {
    pos = re.lastIndex;
    const top = stack[stack.length - 1]!;
    if (m[1] !== undefined) top.text += m[1];
    else if (m[2] !== undefined) {
      if (localName(m[2]) !== top.name || stack.length === 1)
        throw new SigmaError(`XML closing tag </${m[2]}> does not match <${top.name}>`, { path: `offset ${m.index}` });
      stack.pop();
    } else if (m[3] !== undefined) {
      const attrs: Record<string, string> = {};
      for (const a of (m[4] ?? '').matchAll(/([^\s=]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) attrs[localName(a[1]!)] = decode(a[2] ?? a[3] ?? '');
      const el: XmlElement = { name: localName(m[3]), attrs, children: [], text: '' };
      top.children.push(el);
      if (m[5] !== '/') stack.push(el);
    } else if (m[6] !== undefined) top.text += decode(m[6]);
  }
  if (pos < xml.length) throw new SigmaError('malformed XML markup', { path: `offset ${pos}` });
  if (stack.length !== 1) throw new SigmaError(`XML ends inside <${stack[stack.length - 1]!.name}>`);
  return root.children;
}

function scalar(s: string): Json {
  return /^(0|[1-9]\d{0,14})$/.test(s) ? Number(s) : s;
}

/** Generic element → JSON following evtx_dump's conventions (#attributes, #text). */
function elementJson(el: XmlElement): Json {
  const hasAttrs = Object.keys(el.attrs).length > 0;
  if (el.children.length === 0) {
    const text = el.text.trim() === '' ? null : scalar(el.text);
    if (!hasAttrs) return text;
    return text === null ? { '#attributes': el.attrs } : { '#attributes': el.attrs, '#text': text };
  }
  const obj: Record<string, Json> = hasAttrs ? { '#attributes': el.attrs } : {};
  for (const c of el.children) {
    const v = elementJson(c);
    const prev = obj[c.name];
    obj[c.name] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
  }
  return obj;
}

function eventDataJson(el: XmlElement): Json {
  const out: Record<string, Json> = {};
  const unnamed: Json[] = [];
  for (const c of el.children) {
    const v = c.text === '' ? null : c.children.length ? elementJson(c) : scalar(c.text);
    if (c.name === 'Data' && c.attrs['Name'] !== undefined) out[c.attrs['Name']] = v;
    else if (c.name === 'Data') unnamed.push(v);
    else out[c.name] = elementJson(c);
  }
  if (unnamed.length) out['Data'] = unnamed.length === 1 ? unnamed[0]! : unnamed;
  return out;
}

/** Every `<Event>` in the text (a single event, or `<Events>` wrapping many) as evtx JSON. */
export function xmlToRecords(xml: string): Json[] {
  const out: Json[] = [];
  const visit = (els: XmlElement[]): void => {
    for (const el of els) {
      if (el.name !== 'Event') {
        visit(el.children);
        continue;
      }
      const ev: Record<string, Json> = {};
      for (const c of el.children) ev[c.name] = c.name === 'EventData' ? eventDataJson(c) : elementJson(c);
      out.push({ Event: ev });
    }
  };
  visit(parseXml(xml));
  return out;
}
