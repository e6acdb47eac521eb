import { CData, CharRef, El, EntityRef, type Attr, type Node } from '../binxml/nodes.js';
import { Val, isBare, isEmptyVal, valText as rawValText, wellFormed } from '../binxml/value.js';

function valText(v: Val): string {
  return wellFormed(rawValText(v));
}

/** A JSON value of the event object, in the shape evtx_dump writes. */
/** 64-bit integers beyond 2^53 are bigint, so no digit is lost. */
export type JsonValue = string | number | bigint | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

const ENTITIES: Record<string, string> = { quot: '"', apos: "'", amp: '&', lt: '<', gt: '>' };

function bare(v: Val): JsonValue {
  return v.v as number | bigint | boolean;
}

export function isContainer(name: string): boolean {
  return name === 'EventData' || name === 'UserData';
}

/** Whether a node is non-empty text-like content. */
export function isContent(n: Node): boolean {
  if (typeof n === 'string') return n !== '';
  if (n instanceof Val) return !isEmptyVal(n);
  if (n instanceof CData) return n.text !== '';
  return n instanceof CharRef || n instanceof EntityRef;
}

export function hasContent(nodes: Node[]): boolean {
  for (const n of nodes) if (isContent(n)) return true;
  return false;
}

export function textOf(nodes: Node[]): string {
  let s = '';
  for (const n of nodes) {
    if (typeof n === 'string') s += n;
    else if (n instanceof Val) s += valText(n);
    else if (n instanceof CData) s += n.text;
    else if (n instanceof CharRef) s += String.fromCharCode(n.code);
    else if (n instanceof EntityRef) s += ENTITIES[n.name] ?? `&${n.name};`;
  }
  return wellFormed(s);
}

/** A single bare value among `nodes` (skipping elements and empty values when `skip`), else undefined. */
export function asNumber(nodes: Node[], skip: boolean): JsonValue | undefined {
  let single: Node | undefined;
  for (const n of nodes) {
    if (n instanceof El) {
      if (skip) continue;
      return undefined;
    }
    if (typeof n === 'string' || n instanceof CData) {
      const t = typeof n === 'string' ? n : n.text;
      if (t !== '' || (!skip && single !== undefined)) return undefined;
      if (!skip) single = n;
    } else if (n instanceof Val) {
      if (skip && isEmptyVal(n)) continue;
      if (single !== undefined) return undefined;
      single = n;
    } else if (n instanceof CharRef || n instanceof EntityRef) {
      return undefined;
    } else if (!skip) {
      if (single !== undefined) return undefined;
      single = n;
    }
  }
  return single instanceof Val && isBare(single) ? bare(single) : undefined;
}

function contentValue(nodes: Node[], skip: boolean): JsonValue {
  return asNumber(nodes, skip) ?? textOf(nodes);
}

/** The leaf form of an element with exactly one text/value child, else undefined. */
function leaf(el: El, emptyAsString: boolean): JsonValue | undefined {
  if (el.children.length !== 1) return undefined;
  const n = el.children[0]!;
  const empty = emptyAsString ? '' : null;
  if (typeof n === 'string') return n === '' ? empty : wellFormed(n);
  if (n instanceof Val) {
    if (isEmptyVal(n)) return empty;
    return isBare(n) ? bare(n) : valText(n);
  }
  return undefined;
}

export function layout(el: El): [hasText: boolean, hasElement: boolean] {
  let text = false;
  let elem = false;
  for (const n of el.children) {
    if (n instanceof El) elem = true;
    else if (!text && isContent(n)) text = true;
  }
  return [text, elem];
}

export function attrsHaveText(attrs: Attr[]): boolean {
  for (const a of attrs) if (hasContent(a.value)) return true;
  return false;
}

function attrsObject(attrs: Attr[]): JsonObject {
  const o: JsonObject = {};
  for (const a of attrs) {
    if (!hasContent(a.value)) continue;
    o[a.name] = contentValue(a.value, false);
  }
  return o;
}

function elementValue(el: El, container: boolean): JsonValue {
  if (el.attrs.length === 0) {
    const l = leaf(el, false);
    if (l !== undefined) return l;
  }
  const [text, elem] = layout(el);
  const attrText = attrsHaveText(el.attrs);
  if (!elem && !text && !attrText) return null;
  if (!elem && !attrText) return contentValue(el.children, false);
  return body(el, container, text);
}

function dataValue(el: El): JsonValue {
  const l = leaf(el, true);
  if (l !== undefined) return l;
  const [text, elem] = layout(el);
  if (!text && !elem) return '';
  if (elem) return body(el, false, text);
  return contentValue(el.children, false);
}

export function nameAttr(el: El): Node[] | undefined {
  for (const a of el.attrs) if (a.name === 'Name') return a.value;
  return undefined;
}

function suffixed(counts: Map<string, number>, name: string): string {
  const n = counts.get(name) ?? 0;
  counts.set(name, n + 1);
  return n === 0 ? name : `${name}_${n}`;
}

function body(el: El, container: boolean, hasText: boolean): JsonObject {
  const o: JsonObject = {};
  let named = false;
  if (container) {
    for (const c of el.children) {
      if (c instanceof El && c.name === 'Data') {
        const n = nameAttr(c);
        if (n && hasContent(n)) {
          named = true;
          break;
        }
      }
    }
  }
  if (el.attrs.length > 0 && attrsHaveText(el.attrs)) o['#attributes'] = attrsObject(el.attrs);
  if (hasText) o['#text'] = contentValue(el.children, true);
  const counts = new Map<string, number>();
  const dataCounts = new Map<string, number>();
  let positionalDone = false;
  const kids = el.children;
  for (let i = 0; i < kids.length; i++) {
    const c = kids[i];
    if (!(c instanceof El)) continue;
    if (container && c.name === 'Data') {
      if (named) {
        const n = nameAttr(c);
        if (!n || !hasContent(n)) continue;
        const key = textOf(n);
        // Data of one name in a row make one array member.
        let j = i + 1;
        const run: El[] = [c];
        for (; j < kids.length; j++) {
          const d = kids[j];
          if (!(d instanceof El)) continue;
          const dn = d.name === 'Data' ? nameAttr(d) : undefined;
          if (!dn || textOf(dn) !== key || !sameNodes(dn, n)) break;
          run.push(d);
        }
        if (run.length > 1) i = j - 1;
        o[suffixed(dataCounts, key)] = run.length === 1 ? dataValue(c) : run.map(dataValue);
      } else if (!positionalDone) {
        positionalDone = true;
        const all = kids.filter((d): d is El => d instanceof El && d.name === 'Data');
        o['Data'] = { '#text': all.length === 1 ? dataValue(all[0]!) : all.map(dataValue) };
      }
      continue;
    }
    o[suffixed(counts, c.name)] = elementValue(c, isContainer(c.name));
  }
  return o;
}

/** Name attributes compare by their nodes' text and kind, as the reference does. */
export function sameNodes(a: Node[], b: Node[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x === y) continue;
    if (typeof x === 'string' && typeof y === 'string') {
      if (x !== y) return false;
    } else if (x instanceof Val && y instanceof Val) {
      if (x.t !== y.t || valText(x) !== valText(y)) return false;
    } else {
      return false;
    }
  }
  return true;
}

/** The event as evtx_dump's JSON: `{ "<root name>": value }`. */
export function toJsonEvent(root: El): JsonObject {
  return { [root.name]: elementValue(root, false) };
}
