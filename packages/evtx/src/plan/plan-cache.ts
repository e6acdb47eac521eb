import type { El } from '../binxml/nodes.js';
import type { RecordShape } from './record-shape.js';
import type { TextPlan } from './text-plan.js';

/**
 * What is known about one record shape: its placeholder tree (undefined: seen once, not built
 * yet; null: generic path) and plans.
 */
export interface ShapeEntry {
  readonly shape: Int32Array;
  tree?: El | null;
  json?: TextPlan | null;
  xml?: TextPlan | null;
}

/** Real logs have a few hundred shapes; the bound is for hostile input. */
const MAX_ENTRIES = 4_000;

/** Entries by record shape, found by the shape's hash. Shared by all files and chunks: shapes hold content-based template ids. */
export class PlanCache {
  private readonly byHash = new Map<number, ShapeEntry[]>();
  private size = 0;

  get(shape: RecordShape): ShapeEntry | undefined {
    const list = this.byHash.get(shape.hash);
    if (list !== undefined) for (const entry of list) if (shape.equals(entry.shape)) return entry;
    return undefined;
  }

  add(shape: RecordShape): ShapeEntry {
    if (this.size >= MAX_ENTRIES) {
      this.byHash.clear();
      this.size = 0;
    }
    const entry: ShapeEntry = { shape: shape.shape() };
    this.size++;
    const list = this.byHash.get(shape.hash);
    if (list === undefined) this.byHash.set(shape.hash, [entry]);
    else list.push(entry);
    return entry;
  }
}
