/**
 * The compiled form of detections: plain node objects walked by one interpreter function.
 * One shared, quickly optimised code path beats thousands of per-rule closures, each of which the
 * JIT would have to warm up on its own; the walk allocates nothing.
 */
import { inCidr, parseIp, type CidrRange } from './cidr.js';
import type { EventView } from './event.js';
import { timePart, TIME_PARTS } from './time-parts.js';

/** String test kinds. */
export const S_EQ = 0;
export const S_PREFIX = 1;
export const S_SUFFIX = 2;
export const S_CONTAINS = 3;
export const S_ANY = 4;
export const S_REGEX = 5;

export class StrMatch {
  constructor(
    readonly kind: number,
    readonly text: string,
    readonly re: RegExp | null,
  ) {}
}

export function strMatch(m: StrMatch, s: string): boolean {
  switch (m.kind) {
    case S_EQ:
      return s === m.text;
    case S_PREFIX:
      return s.startsWith(m.text);
    case S_SUFFIX:
      return s.endsWith(m.text);
    case S_CONTAINS:
      return s.includes(m.text);
    case S_ANY:
      return true;
    default:
      return m.re!.test(s);
  }
}

/** Node kinds. */
export const N_AND = 0;
export const N_OR = 1;
export const N_NOT = 2;
/** Field value against string tests: `groups` of alternatives, any group (or all with `all`). */
export const N_STR = 3;
/** Field missing or null. */
export const N_NULL = 4;
/** Field empty or null (but present). */
export const N_EMPTY = 5;
export const N_EXISTS = 6;
/** Numeric comparison, optionally of a date part (`part` ≥ 0). */
export const N_NUM = 7;
export const N_CIDR = 8;
/** Field compared with another field (`ref`), with `op` 0 = equal, 1 contains, 2 prefix, 3 suffix. */
export const N_FIELDREF = 9;
/** Keyword tests over every string of the record. */
export const N_KEYWORD = 10;
export const N_CONST = 11;

export const OP_EQ = 0;
export const OP_LT = 1;
export const OP_LTE = 2;
export const OP_GT = 3;
export const OP_GTE = 4;

/** One node shape for every kind keeps property access monomorphic. */
export class Node {
  kids: Node[] = [];
  field = '';
  ref = '';
  lower = true;
  all = false;
  groups: StrMatch[][] = [];
  op = 0;
  num = 0;
  part = -1;
  cidr: CidrRange | null = null;
  want = true;
  constructor(readonly kind: number) {}
}

export function node(kind: number, init: Partial<Omit<Node, 'kind'>> = {}): Node {
  return Object.assign(new Node(kind), init);
}

function groupHolds(g: StrMatch[], s: string): boolean {
  for (let i = 0; i < g.length; i++) if (strMatch(g[i]!, s)) return true;
  return false;
}

function strHolds(n: Node, s: string): boolean {
  const gs = n.groups;
  if (n.all) {
    for (let i = 0; i < gs.length; i++) if (!groupHolds(gs[i]!, s)) return false;
    return true;
  }
  for (let i = 0; i < gs.length; i++) if (groupHolds(gs[i]!, s)) return true;
  return false;
}

/** A numeric reading of a field: decimal, or hex with a 0x prefix as Windows writes ids. */
export function toNumber(text: string | undefined): number {
  if (text === undefined) return NaN;
  const t = text.trim();
  if (t === '') return NaN;
  return t.length > 2 && t[0] === '0' && (t[1] === 'x' || t[1] === 'X') ? parseInt(t, 16) : Number(t);
}

function compare(op: number, a: number, b: number): boolean {
  switch (op) {
    case OP_LT:
      return a < b;
    case OP_LTE:
      return a <= b;
    case OP_GT:
      return a > b;
    case OP_GTE:
      return a >= b;
    default:
      return a === b;
  }
}

function scalarHolds(n: Node, s: string): boolean {
  switch (n.kind) {
    case N_STR:
      return strHolds(n, s);
    case N_NUM: {
      const v = n.part >= 0 ? timePart(s, TIME_PARTS[n.part]!) : toNumber(s);
      return v !== undefined && !Number.isNaN(v) && compare(n.op, v, n.num);
    }
    case N_CIDR: {
      const ip = parseIp(s);
      return ip !== undefined && inCidr(ip, n.cidr!);
    }
    default:
      return false;
  }
}

/** Field tests: a scalar field is tested once; arrays (generic JSON) hold when any element does. */
function fieldHolds(n: Node, ev: EventView): boolean {
  const t = n.lower ? ev.lower(n.field) : ev.text(n.field);
  if (t !== undefined) return scalarHolds(n, t);
  const raw = ev.get(n.field);
  if (!Array.isArray(raw)) return false;
  for (let i = 0; i < raw.length; i++) {
    const x = raw[i];
    if (x === null || typeof x === 'object') continue;
    const s = String(x);
    if (scalarHolds(n, n.lower ? s.toLowerCase() : s)) return true;
  }
  return false;
}

export function evalNode(n: Node, ev: EventView): boolean {
  switch (n.kind) {
    case N_AND: {
      const k = n.kids;
      for (let i = 0; i < k.length; i++) if (!evalNode(k[i]!, ev)) return false;
      return true;
    }
    case N_OR: {
      const k = n.kids;
      for (let i = 0; i < k.length; i++) if (evalNode(k[i]!, ev)) return true;
      return false;
    }
    case N_NOT:
      return !evalNode(n.kids[0]!, ev);
    case N_STR:
    case N_NUM:
    case N_CIDR:
      return fieldHolds(n, ev);
    case N_NULL: {
      const x = ev.get(n.field);
      return x === undefined || x === null;
    }
    case N_EMPTY: {
      const x = ev.get(n.field);
      return x === null || x === '';
    }
    case N_EXISTS:
      return (ev.get(n.field) !== undefined) === n.want;
    case N_FIELDREF: {
      const a = n.lower ? ev.lower(n.field) : ev.text(n.field);
      const b = n.lower ? ev.lower(n.ref) : ev.text(n.ref);
      if (a === undefined || b === undefined) return false;
      return n.op === 1 ? a.includes(b) : n.op === 2 ? a.startsWith(b) : n.op === 3 ? a.endsWith(b) : a === b;
    }
    case N_KEYWORD: {
      const values = ev.keywordValues(n.lower);
      const gs = n.groups;
      for (let g = 0; g < gs.length; g++) {
        let found = false;
        for (let i = 0; i < values.length && !found; i++) found = groupHolds(gs[g]!, values[i]!);
        if (found !== n.all) return found;
      }
      return n.all;
    }
    default:
      return n.want;
  }
}
