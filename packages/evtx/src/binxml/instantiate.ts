import { El, Subst, type Attr, type Node, type Slot } from './nodes.js';
import { Val, arrayItem, arrayLength, isEmptyVal } from './value.js';
import { T } from './value-types.js';
import type { ChunkContext } from './chunk-context.js';

/**
 * Builds an instance of a template definition with its substitution values (MS-EVEN6 3.1.4.7):
 * optional substitutions that are empty disappear, an element whose DependencyId names a NULL
 * value is left out, embedded BinXml splices its elements in place, and an array value repeats
 * the element that holds it once per item.
 */
export function instantiate(root: El, slots: Slot[], ctx: ChunkContext, at: number): El {
  return cloneElement(root, slots, ctx, at);
}

function cloneElement(el: El, slots: Slot[], ctx: ChunkContext, at: number): El {
  ctx.charge(1, at);
  const attrs: Attr[] = [];
  for (const attr of el.attrs) {
    if (!attr.value.some((n) => n instanceof Subst)) {
      if (attr.value.length > 0) attrs.push(attr);
      continue;
    }
    const value: Node[] = [];
    for (const n of attr.value) resolve(n, slots, ctx, at, value);
    if (value.length > 0) attrs.push({ name: attr.name, value });
  }
  const children: Node[] = [];
  for (const n of el.children) resolve(n, slots, ctx, at, children);
  return new El(el.name, attrs, children, -1, el.selfClosing);
}

function resolve(node: Node, slots: Slot[], ctx: ChunkContext, at: number, out: Node[]): void {
  if (node instanceof Subst) {
    const v = slots[node.id];
    if (v === undefined) return;
    if (Array.isArray(v)) {
      ctx.charge(v.length, at);
      for (const e of v) out.push(e);
    } else if (typeof v === 'string') {
      if (!(node.optional && v === '')) out.push(v);
    } else if (!(node.optional && isEmptyVal(v))) {
      out.push(v);
    }
  } else if (node instanceof El) {
    // A subtree without substitutions is the same in every instance: share it.
    if (!node.dynamic) {
      out.push(node);
      return;
    }
    if (node.dep >= 0) {
      const d = slots[node.dep];
      if (d instanceof Val && d.t === T.NULL) return;
    }
    const clone = cloneElement(node, slots, ctx, at);
    expandArrays(clone, ctx, at, out);
  } else {
    out.push(node);
  }
}

/** Where the first array of two or more items sits: a child index, or attribute and node index. */
function findArray(el: El): [number, number, Val] | undefined {
  for (let i = 0; i < el.children.length; i++) {
    const n = el.children[i];
    if (n instanceof Val && arrayLength(n) > 1) return [-1, i, n];
  }
  for (let a = 0; a < el.attrs.length; a++) {
    const value = el.attrs[a]!.value;
    for (let i = 0; i < value.length; i++) {
      const n = value[i];
      if (n instanceof Val && arrayLength(n) > 1) return [a, i, n];
    }
  }
  return undefined;
}

function replaced(nodes: Node[], index: number, item: Val | string): Node[] {
  const copy = nodes.slice();
  if (item === '') copy.splice(index, 1);
  else copy[index] = item;
  return copy;
}

/** Appends `el` to `out`, repeated once per item of each array value it holds. */
function expandArrays(el: El, ctx: ChunkContext, at: number, out: Node[]): void {
  const found = findArray(el);
  if (!found) {
    out.push(el);
    return;
  }
  const [attrIndex, index, val] = found;
  const len = arrayLength(val);
  ctx.charge(len * (el.children.length + 1), at);
  for (let i = 0; i < len; i++) {
    const item = arrayItem(val, i);
    let copy: El;
    if (attrIndex < 0) {
      copy = new El(el.name, el.attrs, replaced(el.children, index, item), -1, el.selfClosing);
    } else {
      const attrs: Attr[] = [];
      el.attrs.forEach((a, j) => {
        const value = j === attrIndex ? replaced(a.value, index, item) : a.value;
        if (value.length > 0) attrs.push({ name: a.name, value });
      });
      copy = new El(el.name, attrs, el.children, -1, el.selfClosing);
    }
    expandArrays(copy, ctx, at, out);
  }
}
