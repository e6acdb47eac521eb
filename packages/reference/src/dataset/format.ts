import { LookupError } from '../errors.js';
import { isLookupModule, type LookupModule } from '@quarry/vocabulary';
import { MODULES } from '../modules.js';

/**
 * Quarry's own lookup dataset file (data/<module>.json.gz), one per module. A string table plus
 * a flat array of indexes into it, row after row: the same provider, OS-version list or path
 * repeats across thousands of rows, and parsing one number is far cheaper than parsing a string
 * again, so the file loads in well under a second and takes little memory.
 *
 * Rows are stored in the module's default order (see dataset/order.ts), so a query only has to
 * filter and rank, never sort by name.
 */
export const DATASET_FORMAT = 'quarry-lookup';
export const DATASET_VERSION = 1;

export interface DatasetFile {
  format: typeof DATASET_FORMAT;
  version: typeof DATASET_VERSION;
  module: LookupModule;
  /** The module's spec columns, then hidden ones (event_id: Template, Provenance). */
  columns: string[];
  rowCount: number;
  strings: string[];
  /** rowCount x columns.length indexes into `strings`. */
  cells: number[];
}

export interface Dataset {
  module: LookupModule;
  /** All stored columns; the first `visible` are the spec's. */
  columns: readonly string[];
  visible: number;
  width: number;
  rowCount: number;
  strings: readonly string[];
  /** `strings`, lower-cased once at load for case-insensitive matching. */
  lower: readonly string[];
  cells: Int32Array;
}

/** Interns row cells into the file form. Rows must already be in their default order. */
export function encodeDataset(module: LookupModule, columns: readonly string[], rows: readonly (readonly string[])[]): DatasetFile {
  const index = new Map<string, number>();
  const strings: string[] = [];
  const cells: number[] = [];
  for (const row of rows) {
    if (row.length !== columns.length) throw new Error(`row has ${row.length} cells, expected ${columns.length}`);
    for (const cell of row) {
      let id = index.get(cell);
      if (id === undefined) {
        id = strings.length;
        strings.push(cell);
        index.set(cell, id);
      }
      cells.push(id);
    }
  }
  return { format: DATASET_FORMAT, version: DATASET_VERSION, module, columns: [...columns], rowCount: rows.length, strings, cells };
}

/** Checks a parsed file before trusting it: every index in range, the module's columns in place. */
export function decodeDataset(file: unknown, source: string): Dataset {
  const bad = (why: string): never => {
    throw new LookupError('data-unavailable', `lookup dataset ${source}: ${why}`);
  };
  const f = file as Partial<DatasetFile> | null;
  if (!f || f.format !== DATASET_FORMAT) bad('not a quarry-lookup file');
  if (f!.version !== DATASET_VERSION) bad(`unsupported version ${String(f!.version)}`);
  const module = String(f!.module);
  if (!isLookupModule(module)) return bad(`unknown module ${module}`);
  const { columns, strings, cells, rowCount } = f as DatasetFile;
  const spec = MODULES[module].columns;
  if (!Array.isArray(columns) || spec.some((c, i) => columns[i] !== c)) bad('columns differ from the spec');
  if (!Array.isArray(strings) || !Array.isArray(cells)) bad('missing strings or cells');
  const width = columns.length;
  if (!Number.isInteger(rowCount) || cells.length !== rowCount * width) bad('cell count does not match rows x columns');
  const packed = Int32Array.from(cells);
  for (const id of packed) if (id < 0 || id >= strings.length) bad(`string index ${id} out of range`);
  return {
    module,
    columns,
    visible: spec.length,
    width,
    rowCount,
    strings,
    lower: strings.map((s) => s.toLowerCase()),
    cells: packed,
  };
}

/** One row's cells as text (all stored columns). */
export function rowCells(ds: Dataset, row: number): string[] {
  const out: string[] = [];
  for (let c = 0; c < ds.width; c++) out.push(ds.strings[ds.cells[row * ds.width + c]!]!);
  return out;
}

/** The whole dataset as text rows, for the importer to merge into. */
export function datasetRows(ds: Dataset): string[][] {
  const rows: string[][] = [];
  for (let r = 0; r < ds.rowCount; r++) rows.push(rowCells(ds, r));
  return rows;
}
