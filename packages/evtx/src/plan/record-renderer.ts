import type { ChunkContext } from '../binxml/chunk-context.js';
import type { El } from '../binxml/nodes.js';
import { parseRecordXml } from '../binxml/parser.js';
import { EvtxError } from '../errors.js';
import { toJsonText } from '../render/json-text.js';
import { toXmlText } from '../render/xml.js';
import { compile, placeholderTree, type Format } from './compile.js';
import { NotPlannable } from './not-plannable.js';
import { OutBuffer } from './out-buffer.js';
import { RecordShape } from './record-shape.js';
import { PlanCache } from './plan-cache.js';

const plans = new PlanCache();
/** A chunk of a real log brings a few dozen new shapes at most. */
const NEW_SHAPES_PER_CHUNK = 64;

/**
 * Renders records of one chunk as JSON text or XML through cached plans: the template's static
 * text and the values decoded straight from the record's bytes. Records no plan fits go the
 * generic way (element tree, then writer), which also reports damage.
 */
export class RecordRenderer {
  private readonly shape = new RecordShape();
  /** Record whose shape `shape` holds (-1: none). */
  private shapeOf = -1;
  private plannable = false;
  private newShapes = 0;

  constructor(private readonly ctx: ChunkContext) {}

  /** Writes the record's BinXml `[start, end)` as UTF-8 JSON or XML text. Throws EvtxError when it is broken. */
  write(start: number, end: number, format: Format, out: OutBuffer): void {
    if (!this.planned(start, end, format, out)) out.string(this.generic(start, end, format));
  }

  json(start: number, end: number): string {
    return this.text(start, end, 'json');
  }

  xml(start: number, end: number): string {
    return this.text(start, end, 'xml');
  }

  private text(start: number, end: number, format: Format): string {
    const s = scratch;
    s.pos = 0;
    this.write(start, end, format, s);
    return s.text(0);
  }

  private planned(start: number, end: number, format: Format, out: OutBuffer): boolean {
    const shape = this.shape;
    if (this.shapeOf !== start) {
      this.shapeOf = start;
      this.plannable = shape.read(this.ctx, start, end);
    }
    if (!this.plannable) return false;
    let entry = plans.get(shape);
    if (entry === undefined) {
      // Damaged or hostile data can make every record a new shape: past a budget per chunk,
      // new shapes are planned only when they come again.
      entry = plans.add(shape);
      if (++this.newShapes > NEW_SHAPES_PER_CHUNK) return false;
    }
    entry.tree ??= this.placeholders(start, end);
    if (entry.tree === null) return false;
    let plan = entry[format];
    if (plan === undefined) {
      plan = compile(entry.tree, shape, format);
      entry[format] = plan;
    }
    return plan !== null && plan.write(this.ctx.buf, shape, out);
  }

  private placeholders(start: number, end: number): El | null {
    try {
      return placeholderTree(this.ctx, start, end, this.shape);
    } catch (e) {
      if (e instanceof NotPlannable || e instanceof EvtxError) return null;
      throw e;
    }
  }

  private generic(start: number, end: number, format: Format): string {
    const root = parseRecordXml(this.ctx, start, end);
    return format === 'json' ? toJsonText(root) : toXmlText(root);
  }
}

/** For the string forms: rendered here, then decoded. */
const scratch = new OutBuffer();
