/**
 * Compiles one detection item (`Field|mod|mod: value(s)`, or a keyword list) into a test over a
 * record. Every modifier is validated here, once, so evaluation never meets a surprise.
 */
import { parseCidr } from './cidr.js';
import { base64, base64Offsets, utf16be, utf16bom, utf16le } from './encoding.js';
import { SigmaError } from './errors.js';
import {
  N_AND,
  N_CIDR,
  N_EMPTY,
  N_EXISTS,
  N_FIELDREF,
  N_KEYWORD,
  N_NOT,
  N_NULL,
  N_NUM,
  N_OR,
  N_STR,
  node,
  OP_EQ,
  OP_GT,
  OP_GTE,
  OP_LT,
  OP_LTE,
  S_REGEX,
  StrMatch,
  type Node,
} from './eval-node.js';
import {
  compilePattern,
  hasWildcards,
  literalPattern,
  lowerPattern,
  parseSigmaString,
  patternText,
  STAR,
  windashPattern,
  type PatternPart,
} from './pattern.js';
import { TIME_PARTS, type TimePart } from './time-parts.js';

/** How a Sigma field name reaches a record field, and how rule values translate on the way. */
export interface FieldBinding {
  field: string;
  translate?: (value: string) => string | readonly string[];
}

export interface ItemContext {
  /** Maps a Sigma field name to the record field; undefined keeps the name. */
  bindField(name: string): FieldBinding;
  placeholders: Readonly<Record<string, readonly string[]>> | undefined;
}

const TRANSFORMS = new Set(['base64', 'base64offset', 'utf16le', 'utf16be', 'utf16', 'wide', 'windash', 'expand']);
const KINDS = new Set(['contains', 'startswith', 'endswith', 're', 'cidr', 'lt', 'lte', 'gt', 'gte', 'exists', 'fieldref']);
const FLAGS = new Set(['all', 'cased', 'neq', 'i', 'm', 's']);
const NUMERIC = new Set(['lt', 'lte', 'gt', 'gte']);

interface Modifiers {
  transforms: string[];
  kind: string | undefined;
  time: TimePart | undefined;
  all: boolean;
  cased: boolean;
  neq: boolean;
  reFlags: string;
  fieldref: boolean;
}

function parseModifiers(mods: string[]): Modifiers {
  const m: Modifiers = { transforms: [], kind: undefined, time: undefined, all: false, cased: false, neq: false, reFlags: '', fieldref: false };
  const seen = new Set<string>();
  for (const raw of mods) {
    const mod = raw === 'c' ? 'cased' : raw;
    if (seen.has(mod)) throw new SigmaError(`modifier '${mod}' is repeated`);
    seen.add(mod);
    if (TRANSFORMS.has(mod)) {
      m.transforms.push(mod);
    } else if ((TIME_PARTS as readonly string[]).includes(mod)) {
      if (m.time) throw new SigmaError(`time modifiers '${m.time}' and '${mod}' cannot be combined`);
      m.time = mod as TimePart;
    } else if (mod === 'fieldref') {
      m.fieldref = true;
    } else if (KINDS.has(mod)) {
      if (m.kind) throw new SigmaError(`modifiers '${m.kind}' and '${mod}' cannot be combined`);
      m.kind = mod;
    } else if (FLAGS.has(mod)) {
      if (mod === 'all') m.all = true;
      else if (mod === 'cased') m.cased = true;
      else if (mod === 'neq') m.neq = true;
      else {
        if (m.kind !== 're') throw new SigmaError(`regular expression flag '${mod}' used without a preceding 're' modifier`);
        m.reFlags += mod;
      }
    } else {
      throw new SigmaError(`unknown modifier '${raw}'`);
    }
  }
  if (m.kind === 're' && m.transforms.length) throw new SigmaError(`modifier 're' cannot be combined with '${m.transforms[0]}'`);
  if (m.transforms.includes('base64offset') && m.kind !== 'contains') throw new SigmaError("modifier 'base64offset' requires 'contains'");
  if (m.time && m.kind && !NUMERIC.has(m.kind)) throw new SigmaError(`time modifier '${m.time}' cannot be combined with '${m.kind}'`);
  if (m.fieldref && m.kind && !['contains', 'startswith', 'endswith'].includes(m.kind))
    throw new SigmaError(`modifier 'fieldref' cannot be combined with '${m.kind}'`);
  return m;
}

type Scalar = string | number | boolean | null;

function asValues(value: unknown): Scalar[] {
  const list = Array.isArray(value) ? value : [value];
  return list.map((v, i) => {
    if (v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return v;
    throw new SigmaError(
      `value${Array.isArray(value) ? ` #${i + 1}` : ''} is a ${Array.isArray(v) ? 'list' : 'map'}, expected a string, number, boolean or null`,
    );
  });
}

/** Placeholders `%name%` replaced by every value of the table (cartesian for several). */
function expandPlaceholders(value: string, table: ItemContext['placeholders']): string[] {
  let out = [''];
  let last = 0;
  for (const m of value.matchAll(/%([A-Za-z0-9_.-]+)%/g)) {
    const values = table?.[m[1]!];
    if (!values) throw new SigmaError(`unresolved placeholder '%${m[1]}%' (no value in the placeholder table)`);
    const before = value.slice(last, m.index);
    out = out.flatMap((p) => values.map((v) => p + before + v));
    last = m.index + m[0].length;
  }
  return out.map((p) => p + value.slice(last));
}

/** Converts PCRE-style leading inline flags (`(?i)`) into JavaScript flags. */
export function compileRegex(src: string, flags: string): RegExp {
  let body = src;
  let f = flags;
  const inline = /^\(\?([imsx]+)\)/.exec(body);
  if (inline) {
    for (const c of inline[1]!) if (c !== 'x' && !f.includes(c)) f += c;
    body = body.slice(inline[0].length);
  }
  try {
    return new RegExp(body, f);
  } catch (e) {
    throw new SigmaError(`invalid regular expression /${src}/: ${(e as Error).message.replace(/^Invalid regular expression: /, '')}`);
  }
}

/** The alternative patterns one rule value stands for after the transformation modifiers. */
function transformValue(raw: string, m: Modifiers, ctx: ItemContext, binding: FieldBinding | undefined): PatternPart[][] {
  let values = m.transforms.includes('expand') ? expandPlaceholders(raw, ctx.placeholders) : [raw];
  if (binding?.translate) values = values.flatMap(binding.translate);
  const out: PatternPart[][] = [];
  for (const v of values) {
    let pattern: PatternPart[] = parseSigmaString(v);
    let bytes: Buffer | undefined;
    let alternatives: PatternPart[][] | undefined;
    for (const t of m.transforms) {
      if (t === 'expand') continue;
      if (t === 'windash') {
        if (bytes) throw new SigmaError("modifier 'windash' must come before encoding modifiers");
        pattern = windashPattern(pattern);
        continue;
      }
      if (alternatives) throw new SigmaError(`modifier '${t}' cannot follow 'base64offset'`);
      if (hasWildcards(pattern) && !bytes) throw new SigmaError(`value '${v}' has wildcards, which modifier '${t}' cannot encode`);
      const text = patternText(pattern);
      if (t === 'utf16le' || t === 'wide') bytes = utf16le(text);
      else if (t === 'utf16be') bytes = utf16be(text);
      else if (t === 'utf16') bytes = utf16bom(text);
      else if (t === 'base64') {
        pattern = literalPattern(base64(bytes ?? Buffer.from(text, 'utf8')));
        bytes = undefined;
      } else if (t === 'base64offset') {
        alternatives = base64Offsets(bytes ?? Buffer.from(text, 'utf8')).map(literalPattern);
        bytes = undefined;
      }
    }
    // Encoded bytes without a base64 step are matched as one character per byte.
    if (bytes) pattern = literalPattern(bytes.toString('latin1'));
    out.push(...(alternatives ?? [pattern]));
  }
  return out;
}

function shape(p: PatternPart[], kind: string | undefined): PatternPart[] {
  if (kind === 'contains') return [STAR, ...p, STAR];
  if (kind === 'startswith') return [...p, STAR];
  if (kind === 'endswith') return [STAR, ...p];
  return p;
}

/** Compiles `key: value` where key is `Field|mod…`, `|mod…` (keywords) or a bare field name. */
export interface CompiledItem {
  node: Node;
  /** The record field read, undefined for keywords. */
  field: string | undefined;
  /** Whether a match implies the field is present (used by the pre-filter). */
  requiresField: boolean;
}

const NUMERIC_OPS: Record<string, number> = { lt: OP_LT, lte: OP_LTE, gt: OP_GT, gte: OP_GTE };

/** Compiles `key: value` where key is `Field|mod…`, `|mod…` (keywords) or a bare field name. */
export function compileItem(key: string, value: unknown, ctx: ItemContext): CompiledItem {
  const [name = '', ...mods] = key.split('|');
  const m = parseModifiers(mods);
  const values = asValues(value);
  if (name === '') return { node: compileKeywords(values, m, ctx), field: undefined, requiresField: false };
  const binding = ctx.bindField(name);
  const field = binding.field;
  if (values.length === 0) throw new SigmaError(`field '${name}' has an empty list of values`);

  if (m.kind === 'exists') {
    if (values.length !== 1 || typeof values[0] !== 'boolean') throw new SigmaError("modifier 'exists' needs the value true or false");
    return { node: node(N_EXISTS, { field, want: values[0] }), field, requiresField: values[0] };
  }

  const nodes = compileValues(field, values, m, ctx, binding);
  let result = nodes.length === 1 ? nodes[0]! : node(m.all ? N_AND : N_OR, { kids: nodes });
  if (m.neq) result = node(N_NOT, { kids: [result] });
  const requiresField = !m.neq && !values.includes(null) && !values.includes('');
  return { node: result, field, requiresField };
}

/**
 * One node per value, except that plain string values on one field share a single node whose
 * groups hold each value's alternatives (the common case: a list of endswith/contains values).
 */
function compileValues(field: string, values: Scalar[], m: Modifiers, ctx: ItemContext, binding: FieldBinding): Node[] {
  const out: Node[] = [];
  const groups: StrMatch[][] = [];
  const lower = !m.cased;
  for (const v of values) {
    const plain = v !== null && !m.time && !m.fieldref && (!m.kind || ['contains', 'startswith', 'endswith'].includes(m.kind));
    if (plain && !(v === '' && !m.kind && !m.transforms.length)) {
      // Numbers and booleans compare by their text, where case does not matter.
      const lowerThis = lower && typeof v === 'string';
      const alts = transformValue(String(v), m, ctx, binding).map((p) => compilePattern(shape(lowerThis ? lowerPattern(p) : p, m.kind)));
      if (lowerThis || !lower) groups.push(alts);
      else out.push(node(N_STR, { field, lower: false, groups: [alts] }));
      continue;
    }
    out.push(compileOne(field, v, m, ctx));
  }
  if (groups.length) out.unshift(node(N_STR, { field, lower, all: m.all, groups }));
  return out;
}

function compileOne(field: string, v: Scalar, m: Modifiers, ctx: ItemContext): Node {
  if (v === null) {
    if (m.kind || m.transforms.length || m.time || m.fieldref) throw new SigmaError('a null value cannot take modifiers');
    return node(N_NULL, { field });
  }
  if (m.time) {
    const target = typeof v === 'number' ? v : Number(v);
    if (!Number.isInteger(target)) throw new SigmaError(`time modifier '${m.time}' needs an integer, got '${v}'`);
    return node(N_NUM, { field, lower: false, op: NUMERIC_OPS[m.kind ?? ''] ?? OP_EQ, num: target, part: TIME_PARTS.indexOf(m.time) });
  }
  if (m.kind && NUMERIC.has(m.kind)) {
    const target = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
    if (Number.isNaN(target)) throw new SigmaError(`modifier '${m.kind}' needs a number, got '${String(v)}'`);
    return node(N_NUM, { field, lower: false, op: NUMERIC_OPS[m.kind]!, num: target });
  }
  const s = String(v);
  if (m.fieldref) {
    const op = m.kind === 'contains' ? 1 : m.kind === 'startswith' ? 2 : m.kind === 'endswith' ? 3 : 0;
    return node(N_FIELDREF, { field, ref: ctx.bindField(s).field, lower: !m.cased, op });
  }
  if (m.kind === 're') return node(N_STR, { field, lower: false, groups: [[new StrMatch(S_REGEX, s, compileRegex(s, m.reFlags))]] });
  if (m.kind === 'cidr') {
    const range = parseCidr(s);
    if (!range) throw new SigmaError(`'${s}' is not a valid CIDR range`);
    return node(N_CIDR, { field, lower: false, cidr: range });
  }
  // Empty elements render as null in evtx JSON: '' matches them as well as empty strings.
  return node(N_EMPTY, { field });
}

/** Keywords: each value is searched in every string of the record (substring by default). */
function compileKeywords(values: Scalar[], m: Modifiers, ctx: ItemContext): Node {
  if (m.kind && !['contains', 'startswith', 'endswith', 're'].includes(m.kind))
    throw new SigmaError(`modifier '${m.kind}' needs a field name; keywords search the whole record`);
  if (m.neq || m.time || m.fieldref) throw new SigmaError('keyword searches take no neq, fieldref or time modifiers');
  const lower = !m.cased && m.kind !== 're';
  const groups = values.map((v) => {
    if (v === null) throw new SigmaError('a keyword cannot be null');
    const s = String(v);
    if (m.kind === 're') return [new StrMatch(S_REGEX, s, compileRegex(s, m.reFlags))];
    return transformValue(s, m, ctx, undefined).map((p) => {
      const base = lower ? lowerPattern(p) : p;
      return compilePattern(m.kind ? shape(base, m.kind) : [STAR, ...base, STAR]);
    });
  });
  return node(N_KEYWORD, { lower, all: m.all, groups });
}
