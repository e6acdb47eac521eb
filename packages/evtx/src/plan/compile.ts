import type { ChunkContext } from '../binxml/chunk-context.js';
import { CData, CharRef, El, EntityRef, PI, type Node } from '../binxml/nodes.js';
import { parseRecordXml } from '../binxml/parser.js';
import { T } from '../binxml/value-types.js';
import { Val, isEmptyVal, valText } from '../binxml/value.js';
import { toJsonText } from '../render/json-text.js';
import { toXmlText } from '../render/xml.js';
import { Hole, INDEX_BASE } from './hole.js';
import { NotPlannable } from './not-plannable.js';
import type { RecordShape } from './record-shape.js';
import { TextPlan } from './text-plan.js';
import { EMPTY } from './value-kind.js';
import { valueWriter, type ValueWriter } from './value-writers.js';

export type Format = 'json' | 'xml';

/**
 * The record's element tree with every non-empty substitution value replaced by a Hole, in
 * the order RecordShape lists them. Empty values stay: they decide what the template drops.
 */
export function placeholderTree(ctx: ChunkContext, start: number, end: number, shape: RecordShape): El {
  let next = 0;
  ctx.placeholders = (v: Val | string): Val | string => {
    const i = next++;
    const kind = shape.kinds[i];
    const empty = typeof v === 'string' ? v === '' : isEmptyVal(v);
    const type = typeof v === 'string' ? (kind === T.ANSI ? T.ANSI : T.STRING) : v.t;
    // The kinds must predict the decoded values exactly, or the plan would not fit its shape.
    if (kind === undefined || i >= shape.count || empty !== ((kind & EMPTY) !== 0) || type !== (kind & ~EMPTY)) throw new NotPlannable();
    return empty ? v : new Hole(kind === T.ANSI ? T.STRING : kind, i);
  };
  try {
    return parseRecordXml(ctx, start, end);
  } finally {
    ctx.placeholders = undefined;
  }
}

/**
 * Renders the placeholder tree and cuts the text at the placeholders: a plan for every record
 * of this shape. Null when the output depends on values beyond their kinds.
 */
export function compile(tree: El, shape: RecordShape, format: Format): TextPlan | null {
  if (holdsMarks(tree)) return null;
  let text: string;
  try {
    text = format === 'json' ? toJsonText(tree) : toXmlText(tree);
  } catch (e) {
    if (e instanceof NotPlannable) return null;
    throw e;
  }
  // Cut the UTF-8 text at the placeholders: a mark (EF B7 90 / EF B7 91, U+FDD0 / U+FDD1)
  // and the index character after it (three bytes, as INDEX_BASE + index stays below U+D800).
  const bytes = encoder.encode(text);
  const pieces: Uint8Array[] = [];
  const values: number[] = [];
  const writers: ValueWriter[] = [];
  let from = 0;
  for (let i = 0; i + 5 < bytes.length; i++) {
    // Other characters of U+FDC0..U+FDFF are text.
    if (bytes[i] !== 0xef || bytes[i + 1] !== 0xb7 || (bytes[i + 2] !== 0x90 && bytes[i + 2] !== 0x91)) continue;
    const c = ((bytes[i + 3]! & 0x0f) << 12) | ((bytes[i + 4]! & 0x3f) << 6) | (bytes[i + 5]! & 0x3f);
    const v = c - INDEX_BASE;
    const kind = shape.kinds[v];
    if (kind === undefined || v < 0 || v >= shape.count || kind & EMPTY) return null;
    pieces.push(bytes.subarray(from, i));
    values.push(v);
    writers.push(valueWriter(kind, format === 'json' ? 'json' : bytes[i + 2] === 0x91 ? 'xml-attr' : 'xml-text'));
    i += 5;
    from = i + 1;
  }
  pieces.push(bytes.subarray(from));
  return new TextPlan(pieces, values, writers);
}

const encoder = new TextEncoder();

const MARKS = /[\ufdd0\ufdd1]/;

function marked(n: Node): boolean {
  if (n instanceof Hole) return false;
  if (n instanceof El) return holdsMarks(n);
  if (typeof n === 'string') return MARKS.test(n);
  if (n instanceof Val) return MARKS.test(valText(n));
  if (n instanceof CharRef) return n.code === 0xfdd0 || n.code === 0xfdd1;
  if (n instanceof CData) return MARKS.test(n.text);
  if (n instanceof EntityRef) return MARKS.test(n.name);
  if (n instanceof PI) return MARKS.test(n.target) || MARKS.test(n.data);
  return false;
}

/** Whether the template's own text holds placeholder characters, which would be misread. */
function holdsMarks(el: El): boolean {
  if (MARKS.test(el.name)) return true;
  for (const a of el.attrs) {
    if (MARKS.test(a.name)) return true;
    for (const n of a.value) if (marked(n)) return true;
  }
  for (const n of el.children) if (marked(n)) return true;
  return false;
}
