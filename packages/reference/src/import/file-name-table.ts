import { compareRows } from '../dataset/order.js';
import { FILE_NAME_COLUMNS } from '../modules.js';
import { parseDelimited } from './delimited.js';

const SEPARATOR = '##';
// Upstream column per spec column, in FILE_NAME_COLUMNS order.
const UPSTREAM = ['file_name', 'file_path', 'meta_description', 'meta_product_name', 'meta_company_name', 'runtime_window_title'];
/** "Native OS executables and DLLs" (spec): upstream mixes in Program Files software. */
const NATIVE_PATH = /^c:\\windows\\/i;
const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** Spellings of one value that differ only in case, with how often each was seen. */
type Variants = Map<string, number>;

interface Entry {
  name: Variants;
  /** Per multi-value column: lower-cased value -> its spellings. */
  values: Map<string, Variants>[];
}

// Stored spellings outweigh any count from one import, so extending never flips a cell's case.
const STORED_WEIGHT = 1e9;

function bump(variants: Variants, value: string, by = 1): void {
  variants.set(value, (variants.get(value) ?? 0) + by);
}

/** The most frequent spelling; ties go to the code-point-smallest, so the result is deterministic. */
function pick(variants: Variants): string {
  let best = '';
  let count = -1;
  for (const [v, n] of variants) if (n > count || (n === count && v < best)) [best, count] = [v, n];
  return best;
}

/**
 * Groups xCyclopedia rows per file name (case-insensitive) and joins the distinct non-empty values
 * of each column with `##`, as the spec's file_name module wants. Values that differ only in case
 * (C:\Windows vs C:\WINDOWS) are one value.
 */
export class FileNameTable {
  private readonly entries = new Map<string, Entry>();
  private readonly original = new Map<string, string>();
  sourceRows = 0;
  skippedRows = 0;

  /** Seeds the table with the current dataset, to extend it. */
  seed(rows: readonly (readonly string[])[]): void {
    for (const row of rows) {
      const values = row.slice(1).map((cell) => (cell === '' ? [] : cell.split(SEPARATOR)));
      this.add(row[0]!, values, STORED_WEIGHT);
      this.original.set(row[0]!.toLowerCase(), row.join('\t'));
    }
  }

  /** Adds one upstream CSV text (EXE or DLL list). */
  addCsv(text: string): void {
    let index: number[] | undefined;
    for (const row of parseDelimited(text)) {
      if (!index) {
        index = UPSTREAM.map((c) => row.indexOf(c));
        const missing = UPSTREAM.filter((_, i) => index![i]! < 0);
        if (missing.length) throw new Error(`xcyclopedia CSV lacks columns ${missing.join(', ')}`);
        continue;
      }
      this.sourceRows++;
      const cells = index.map((i) => (row[i] ?? '').trim());
      if (!cells[0] || !NATIVE_PATH.test(cells[1]!)) {
        this.skippedRows++;
        continue;
      }
      this.add(
        cells[0],
        cells.slice(1).map((v) => (v ? [v] : [])),
        1,
      );
    }
  }

  private add(name: string, columns: string[][], weight: number): void {
    const key = name.toLowerCase();
    let entry = this.entries.get(key);
    if (!entry) {
      entry = { name: new Map(), values: columns.map(() => new Map()) };
      this.entries.set(key, entry);
    }
    bump(entry.name, name, weight);
    columns.forEach((values, c) => {
      for (const v of values) {
        const lower = v.toLowerCase();
        let variants = entry.values[c]!.get(lower);
        if (!variants) entry.values[c]!.set(lower, (variants = new Map()));
        bump(variants, v, weight);
      }
    });
  }

  /** Rows in the spec's column order, default-sorted, and what changed against the seed. */
  finish(): { columns: readonly string[]; rows: string[][]; added: number; updated: number } {
    const rows: string[][] = [];
    let added = 0;
    let updated = 0;
    for (const [key, entry] of this.entries) {
      const cells = entry.values.map((byLower) =>
        [...byLower.keys()]
          .sort((a, b) => collator.compare(a, b) || (a < b ? -1 : 1))
          .map((lower) => pick(byLower.get(lower)!))
          .join(SEPARATOR),
      );
      const row = [pick(entry.name), ...cells];
      const before = this.original.get(key);
      if (before === undefined) added++;
      else if (before !== row.join('\t')) updated++;
      rows.push(row);
    }
    rows.sort((a, b) => compareRows('file_name', a, b));
    return { columns: FILE_NAME_COLUMNS, rows, added, updated };
  }
}
