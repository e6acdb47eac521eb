import { stringify } from 'csv-stringify/sync';
import type { IndexTableEntry, Insight } from '@quarry/insights';
import { cellText } from './cell-text.js';
import { ExportError } from './errors.js';
import { insightTable } from './insight-table.js';
import type { RowSource } from './sources.js';

export interface CsvOptions {
  /** Start with a UTF-8 byte order mark, which Excel needs to read UTF-8 (default false). */
  bom?: boolean;
  /** Prefix string cells starting with = + - @ tab or CR with `'` (default true). */
  formulaDefence?: boolean;
}

/** Rows per call of the CSV library: memory holds this many rows' text at most. */
const BATCH = 512;

const BOM = '\ufeff';

/**
 * RFC 4180 CSV of a header and rows (CRLF line ends, fields quoted when they hold a quote, comma
 * or line break), streamed: the rows are read one at a time and written in batches.
 * Every row must have the header's width; cells are written as `cellText` says.
 */
export async function* csvRows(columns: readonly string[], rows: RowSource<readonly unknown[]>, options: CsvOptions = {}): AsyncGenerator<string> {
  const defuse = options.formulaDefence ?? true;
  const write = (batch: string[][]): string => stringify(batch, { record_delimiter: 'windows' });
  yield (options.bom ? BOM : '') + write([columns.map((c) => cellText(c, defuse))]);
  let batch: string[][] = [];
  let n = 0;
  for await (const row of rows) {
    n++;
    if (row.length !== columns.length) throw new ExportError('bad-row', `row ${n} has ${row.length} cells, the header ${columns.length}`);
    batch.push(row.map((v) => cellText(v, defuse)));
    if (batch.length === BATCH) {
      yield write(batch);
      batch = [];
    }
  }
  if (batch.length > 0) yield write(batch);
}

/** The rows of search results (IndexTable entries): the table's columns, then `Details` holding the entry's details as JSON. */
export function csvSearchResults(columns: readonly string[], entries: RowSource<IndexTableEntry>, options: CsvOptions = {}): AsyncGenerator<string> {
  return csvRows(
    [...columns, 'Details'],
    mapRows(entries, ([cells, details]) => [...cells, details]),
    options,
  );
}

/** CSV of one tabular insight (insightTable: Table, IndexTable, Timeline, Chart, Metadata); ExportError for a Graph or an Error. */
export function csvInsight(insight: Insight, options: CsvOptions = {}): AsyncGenerator<string> {
  const table = insightTable(insight);
  return csvRows(table.columns, table.rows, options);
}

async function* mapRows<T, R>(rows: RowSource<T>, f: (row: T) => R): AsyncGenerator<R> {
  for await (const row of rows) yield f(row);
}
