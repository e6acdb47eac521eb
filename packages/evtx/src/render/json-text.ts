import { El, type Attr, type Node } from '../binxml/nodes.js';
import { Val, isBare, isEmptyVal, valText, wellFormed } from '../binxml/value.js';
import { Hole } from '../plan/hole.js';
import { NotPlannable } from '../plan/not-plannable.js';
import { asNumber, attrsHaveText, hasContent, isContainer, layout, nameAttr, sameNodes, textOf } from './json.js';

// The same rules as json.ts, written straight to JSON text: no object per element, no
// JSON.stringify pass, and keys keep document order (a JS object moves integer-like keys first).

const str = JSON.stringify as (s: string) => string;

/** Quoted element and attribute names: a log uses few, and each is written many times. */
const quoted = new Map<string, string>();
function key(name: string): string {
  let q = quoted.get(name);
  if (q === undefined) {
    q = str(name);
    if (quoted.size < 10_000) quoted.set(name, q);
  }
  return q;
}

function contentValue(nodes: Node[], skip: boolean): string {
  const n = asNumber(nodes, skip);
  return n !== undefined ? String(n) : str(textOf(nodes));
}

function leaf(el: El, empty: string): string | undefined {
  if (el.children.length !== 1) return undefined;
  const n = el.children[0]!;
  if (typeof n === 'string') return n === '' ? empty : str(wellFormed(n));
  if (n instanceof Val) {
    if (isEmptyVal(n)) return empty;
    return isBare(n) ? String(n.v) : str(wellFormed(valText(n)));
  }
  return undefined;
}

function attrsObject(attrs: Attr[]): string {
  let s = '{';
  for (const a of attrs) {
    if (!hasContent(a.value)) continue;
    if (s.length > 1) s += ',';
    s += key(a.name) + ':' + contentValue(a.value, false);
  }
  return s + '}';
}

function elementValue(el: El, container: boolean): string {
  if (el.attrs.length === 0) {
    const l = leaf(el, 'null');
    if (l !== undefined) return l;
  }
  const [text, elem] = layout(el);
  const attrText = attrsHaveText(el.attrs);
  if (!elem && !text && !attrText) return 'null';
  if (!elem && !attrText) return contentValue(el.children, false);
  return body(el, container, text);
}

function dataValue(el: El): string {
  const l = leaf(el, '""');
  if (l !== undefined) return l;
  const [text, elem] = layout(el);
  if (!text && !elem) return '""';
  if (elem) return body(el, false, text);
  return contentValue(el.children, false);
}

/** Counts of names seen among one element's members, to suffix repeats `_1`, `_2`, ... */
class Names {
  private readonly seen: string[] = [];
  private counts: Map<string, number> | undefined;

  /** The quoted member key for the next member called `name`. */
  key(name: string): string {
    // Names rarely repeat: a linear scan of a short list is cheaper than a Map per element.
    if (this.counts === undefined) {
      if (!this.seen.includes(name)) {
        this.seen.push(name);
        return key(name);
      }
      this.counts = new Map(this.seen.map((n) => [n, 1]));
    }
    const n = this.counts.get(name) ?? 0;
    this.counts.set(name, n + 1);
    return n === 0 ? key(name) : str(`${name}_${n}`);
  }
}

function body(el: El, container: boolean, hasText: boolean): string {
  let out = '{';
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
  if (el.attrs.length > 0 && attrsHaveText(el.attrs)) out += '"#attributes":' + attrsObject(el.attrs);
  if (hasText) out += (out.length > 1 ? ',' : '') + '"#text":' + contentValue(el.children, true);
  const names = new Names();
  let dataNames: Names | undefined;
  let positionalDone = false;
  const kids = el.children;
  for (let i = 0; i < kids.length; i++) {
    const c = kids[i];
    if (!(c instanceof El)) continue;
    if (container && c.name === 'Data') {
      if (named) {
        const n = nameAttr(c);
        if (!n || !hasContent(n)) continue;
        // A member name taken from a substitution differs from record to record.
        if (n.some((x) => x instanceof Hole)) throw new NotPlannable();
        const name = textOf(n);
        // Data of one name in a row make one array member.
        let j = i + 1;
        const run: El[] = [c];
        for (; j < kids.length; j++) {
          const d = kids[j];
          if (!(d instanceof El)) continue;
          const dn = d.name === 'Data' ? nameAttr(d) : undefined;
          if (dn?.some((x) => x instanceof Hole)) throw new NotPlannable();
          if (!dn || textOf(dn) !== name || !sameNodes(dn, n)) break;
          run.push(d);
        }
        if (run.length > 1) i = j - 1;
        dataNames ??= new Names();
        if (out.length > 1) out += ',';
        out += dataNames.key(name) + ':' + (run.length === 1 ? dataValue(c) : '[' + run.map(dataValue).join(',') + ']');
      } else if (!positionalDone) {
        positionalDone = true;
        const all = kids.filter((d): d is El => d instanceof El && d.name === 'Data');
        if (out.length > 1) out += ',';
        out += '"Data":{"#text":' + (all.length === 1 ? dataValue(all[0]!) : '[' + all.map(dataValue).join(',') + ']') + '}';
      }
      continue;
    }
    if (out.length > 1) out += ',';
    out += names.key(c.name) + ':' + elementValue(c, isContainer(c.name));
  }
  return out + '}';
}

/** The event as evtx_dump's JSON text, `{"<root name>":value}`. */
export function toJsonText(root: El): string {
  return '{' + key(root.name) + ':' + elementValue(root, false) + '}';
}
