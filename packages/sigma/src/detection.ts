/** Compiles a rule's `detection` section: search identifiers plus the condition, once. */
import { parseCondition, resolveOfTarget, type ConditionNode } from './condition.js';
import { SigmaError } from './errors.js';
import { evalNode, N_AND, N_NOT, N_OR, node, type Node } from './eval-node.js';
import type { EventView, Json } from './event.js';
import { compileItem, type CompiledItem, type ItemContext } from './field-item.js';

interface Search {
  node: Node;
  /** Alternatives (OR) of item groups (AND), kept for explaining a match. */
  groups: CompiledItem[][];
  required: Set<string>;
}

export interface CompiledDetection {
  /** The condition tree, for evalNode. */
  root: Node;
  test(ev: EventView): boolean;
  /** Fields that any match must have present: a cheap pre-filter. */
  requiredFields: readonly string[];
  /** Fields (with record values) of the items that hold on a matching record. */
  explain(ev: EventView): Record<string, Json>;
  identifiers: readonly string[];
  /** Every record field the detection reads. */
  fields: ReadonlySet<string>;
}

const isMap = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function and(kids: Node[]): Node {
  return kids.length === 1 ? kids[0]! : node(N_AND, { kids });
}

function or(kids: Node[]): Node {
  return kids.length === 1 ? kids[0]! : node(N_OR, { kids });
}

const union = (sets: Set<string>[]): Set<string> => new Set(sets.flatMap((s) => [...s]));
function intersect(sets: Set<string>[]): Set<string> {
  const [first, ...rest] = sets;
  if (!first) return new Set();
  return new Set([...first].filter((f) => rest.every((s) => s.has(f))));
}

function compileMap(map: Record<string, unknown>, ctx: ItemContext, path: string): CompiledItem[] {
  const keys = Object.keys(map);
  if (keys.length === 0) throw new SigmaError('selection map is empty', { path });
  return keys.map((k) => {
    try {
      return compileItem(k, map[k], ctx);
    } catch (e) {
      throw e instanceof SigmaError ? e.withLocation({ path: `${path}.${k}` }) : e;
    }
  });
}

function compileSearch(name: string, def: unknown, ctx: ItemContext): Search {
  const path = `detection.${name}`;
  let groups: CompiledItem[][];
  if (isMap(def)) groups = [compileMap(def, ctx, path)];
  else if (Array.isArray(def)) {
    if (def.length === 0) throw new SigmaError('search identifier has an empty list', { path });
    if (def.every(isMap)) groups = def.map((m, i) => compileMap(m, ctx, `${path}[${i}]`));
    else if (def.every((v) => !isMap(v) && !Array.isArray(v))) groups = [[compileKeywordList(def, ctx, path)]];
    else throw new SigmaError('search identifier mixes maps and plain values', { path });
  } else if (typeof def === 'string' || typeof def === 'number') groups = [[compileKeywordList([def], ctx, path)]];
  else throw new SigmaError(`search identifier must be a map or a list, got ${def === null ? 'null' : typeof def}`, { path });
  const n = or(groups.map((g) => and(g.map((i) => i.node))));
  const required = intersect(groups.map((g) => new Set(g.filter((i) => i.requiresField && i.field).map((i) => i.field!))));
  return { node: n, groups, required };
}

function compileKeywordList(values: unknown[], ctx: ItemContext, path: string): CompiledItem {
  try {
    return compileItem('', values, ctx);
  } catch (e) {
    throw e instanceof SigmaError ? e.withLocation({ path }) : e;
  }
}

export function compileDetection(detection: unknown, ctx: ItemContext): CompiledDetection {
  if (!isMap(detection)) throw new SigmaError('detection must be a map', { path: 'detection' });
  const searches = new Map<string, Search>();
  for (const [name, def] of Object.entries(detection)) {
    if (name === 'condition' || name === 'timeframe') continue;
    searches.set(name, compileSearch(name, def, ctx));
  }
  const identifiers = [...searches.keys()];
  const rawCond = detection['condition'];
  const conds = Array.isArray(rawCond) ? rawCond : [rawCond];
  if (rawCond === undefined) throw new SigmaError('detection has no condition', { path: 'detection' });
  const compiled = conds.map((c, i) => {
    const path = Array.isArray(rawCond) ? `detection.condition[${i}]` : 'detection.condition';
    if (typeof c !== 'string') throw new SigmaError('condition must be a string', { path });
    try {
      return compileNode(parseCondition(c), searches, identifiers);
    } catch (e) {
      throw e instanceof SigmaError ? e.withLocation({ path }) : e;
    }
  });
  // Several conditions: a record matches when any of them holds.
  const root = or(compiled.map((c) => c.node));
  const requiredFields = [...intersect(compiled.map((c) => c.required))];
  const fields = new Set<string>();
  for (const s of searches.values()) for (const g of s.groups) for (const i of g) if (i.field !== undefined) fields.add(i.field);
  return {
    root,
    test: (ev) => evalNode(root, ev),
    requiredFields,
    identifiers,
    fields,
    explain(ev) {
      const out: Record<string, Json> = {};
      for (const s of searches.values()) {
        if (!evalNode(s.node, ev)) continue;
        for (const g of s.groups) {
          if (!g.every((i) => evalNode(i.node, ev))) continue;
          for (const i of g) {
            const v = i.field === undefined ? undefined : ev.get(i.field);
            if (i.field !== undefined && v !== undefined) out[i.field] = v;
          }
        }
      }
      return out;
    },
  };
}

interface CompiledNode {
  node: Node;
  required: Set<string>;
}

function compileNode(cn: ConditionNode, searches: Map<string, Search>, ids: readonly string[]): CompiledNode {
  switch (cn.type) {
    case 'id': {
      const s = searches.get(cn.name);
      if (!s) throw new SigmaError(`condition refers to '${cn.name}', which is not a search identifier (have: ${ids.join(', ') || 'none'})`);
      return { node: s.node, required: s.required };
    }
    case 'not': {
      const inner = compileNode(cn.arg, searches, ids).node;
      return { node: node(N_NOT, { kids: [inner] }), required: new Set() };
    }
    case 'and': {
      const parts = cn.args.map((a) => compileNode(a, searches, ids));
      return { node: and(parts.map((p) => p.node)), required: union(parts.map((p) => p.required)) };
    }
    case 'or': {
      const parts = cn.args.map((a) => compileNode(a, searches, ids));
      return { node: or(parts.map((p) => p.node)), required: intersect(parts.map((p) => p.required)) };
    }
    case 'of': {
      const names = resolveOfTarget(cn.target, ids);
      if (names.length === 0) throw new SigmaError(`'${cn.target}' in '${cn.quantifier === 'all' ? 'all' : '1'} of ${cn.target}' matches no search identifier`);
      const parts = names.map((n) => compileNode({ type: 'id', name: n }, searches, ids));
      return cn.quantifier === 'all'
        ? { node: and(parts.map((p) => p.node)), required: union(parts.map((p) => p.required)) }
        : { node: or(parts.map((p) => p.node)), required: intersect(parts.map((p) => p.required)) };
    }
  }
}
