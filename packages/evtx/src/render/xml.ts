import { CData, CharRef, El, EntityRef, PI, type Node } from '../binxml/nodes.js';
import { Val, valText } from '../binxml/value.js';
import { Hole } from '../plan/hole.js';

// Characters XML cannot hold (C0 controls but tab/LF/CR, U+FFFE, U+FFFF, unpaired surrogates)
// are written as `_`,
// as Windows writes them.
// eslint-disable-next-line no-control-regex -- these characters are the point
const TEXT_SPECIAL = /[&<>\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
// eslint-disable-next-line no-control-regex -- these characters are the point
const ATTR_SPECIAL = /[&<>"'\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
// eslint-disable-next-line no-control-regex -- these characters are the point
const TEXT_SPECIAL_G = /[&<>\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
// eslint-disable-next-line no-control-regex -- these characters are the point
const ATTR_SPECIAL_G = /[&<>"'\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

function replacement(c: string): string {
  switch (c) {
    case '&':
      return '&amp;';
    case '<':
      return '&lt;';
    case '>':
      return '&gt;';
    case '"':
      return '&quot;';
    case "'":
      return '&apos;';
    default:
      return '_';
  }
}

export function escapeText(s: string): string {
  return TEXT_SPECIAL.test(s) ? s.replace(TEXT_SPECIAL_G, replacement) : s;
}

export function escapeAttr(s: string): string {
  return ATTR_SPECIAL.test(s) ? s.replace(ATTR_SPECIAL_G, replacement) : s;
}

function inline(n: Node, attr: boolean): string {
  if (typeof n === 'string') return attr ? escapeAttr(n) : escapeText(n);
  if (n instanceof Hole) return attr ? n.attrMarker : (n.v as string);
  if (n instanceof Val) {
    const t = valText(n);
    return attr ? escapeAttr(t) : escapeText(t);
  }
  if (n instanceof CharRef) return `&#${n.code};`;
  if (n instanceof EntityRef) return `&${n.name};`;
  if (n instanceof CData) return `<![CDATA[${n.text}]]>`;
  if (n instanceof PI) return `<?${n.target}${n.data ? ' ' + n.data : ''}?>`;
  return '';
}

function element(el: El, indent: string, out: string[]): void {
  let open = indent + '<' + el.name;
  for (const a of el.attrs) {
    open += ' ' + a.name + '="';
    for (const n of a.value) open += inline(n, true);
    open += '"';
  }
  const kids = el.children;
  if (kids.length === 0) {
    out.push(el.selfClosing ? open + '/>' : open + '></' + el.name + '>');
    return;
  }
  let hasElement = false;
  for (const n of kids) if (n instanceof El) hasElement = true;
  if (!hasElement) {
    let s = open + '>';
    for (const n of kids) s += inline(n, false);
    out.push(s + '</' + el.name + '>');
    return;
  }
  out.push(open + '>');
  const inner = indent + '  ';
  for (const n of kids) {
    if (n instanceof El) element(n, inner, out);
    else {
      const t = inline(n, false);
      if (t !== '') out.push(inner + t);
    }
  }
  out.push(indent + '</' + el.name + '>');
}

/** The event as XML, laid out as evtx_dump writes it (declaration, two-space indentation). */
export function toXmlText(root: El): string {
  const out: string[] = ['<?xml version="1.0" encoding="utf-8"?>'];
  element(root, '', out);
  return out.join('\n') + '\n';
}
