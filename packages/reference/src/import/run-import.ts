import { existsSync } from 'node:fs';
import { datasetRows, encodeDataset } from '../dataset/format.js';
import { loadDatasetFile } from '../dataset/load.js';
import { datasetPath } from '../dataset/paths.js';
import { writeDatasetFile } from '../dataset/write.js';
import type { LookupModule } from '@quarry/vocabulary';
import { EventTable, type EventImportCounts } from './event-table.js';
import { FileNameTable } from './file-name-table.js';
import { readSources, type SkippedSource, type SourceKind } from './sources.js';

export interface ImportOptions {
  /** Files or directories in the upstream formats (see sources.ts). */
  inputs: readonly string[];
  dataDir: string;
  /** Rebuild the touched modules from these inputs alone instead of extending the current data. */
  replace?: boolean;
  /** Report only; write nothing. */
  dryRun?: boolean;
}

export interface ModuleImportReport {
  module: LookupModule;
  before: number;
  after: number;
  /** Keys (file name; provider/id/version) that were not in the data before. */
  added: number;
  /** Existing keys whose row changed (new OS version, path, field list...). */
  updated: number;
  sourceRows: number;
  skippedRows: number;
  events?: Omit<EventImportCounts, 'sourceRows' | 'skippedRows'>;
  /** Set when the module's file was written (not on a dry run, nor when nothing changed). */
  file?: string;
  bytes?: number;
}

export interface ImportReport {
  files: { path: string; kind: SourceKind }[];
  skipped: SkippedSource[];
  modules: ModuleImportReport[];
}

async function currentRows(dataDir: string, module: LookupModule, replace: boolean): Promise<string[][]> {
  const path = datasetPath(dataDir, module);
  if (replace || !existsSync(path)) return [];
  return datasetRows((await loadDatasetFile(path)).dataset);
}

/**
 * Rebuilds or extends the datasets from upstream files and writes only the modules the inputs
 * touched, each atomically (a running LookupStore picks the new file up on its next check).
 */
export async function runImport(options: ImportOptions): Promise<ImportReport> {
  const report: ImportReport = { files: [], skipped: [], modules: [] };
  let files: FileNameTable | undefined;
  let events: EventTable | undefined;
  const seeded = { file_name: 0, event_id: 0 };

  for await (const source of readSources(options.inputs, report.skipped)) {
    report.files.push({ path: source.path, kind: source.kind });
    if (source.kind === 'xcyclopedia') {
      if (!files) {
        files = new FileNameTable();
        const rows = await currentRows(options.dataDir, 'file_name', !!options.replace);
        seeded.file_name = rows.length;
        files.seed(rows);
      }
      files.addCsv(source.text);
      continue;
    }
    if (!events) {
      events = new EventTable();
      const rows = await currentRows(options.dataDir, 'event_id', !!options.replace);
      seeded.event_id = rows.length;
      events.seed(rows);
    }
    if (source.kind === 'ossem-fields') events.addOssemTsv(source.text);
    else if (source.kind === 'security-messages') events.addSecurityMessages(source.text);
    else events.addEtwCsv(source.text, source.release);
  }

  const tables: [LookupModule, FileNameTable | EventTable | undefined][] = [
    ['file_name', files],
    ['event_id', events],
  ];
  for (const [module, table] of tables) {
    if (!table) continue;
    const result = table.finish();
    const entry: ModuleImportReport = {
      module,
      before: seeded[module],
      after: result.rows.length,
      added: result.added,
      updated: result.updated,
      sourceRows: table instanceof FileNameTable ? table.sourceRows : table.counts.sourceRows,
      skippedRows: table instanceof FileNameTable ? table.skippedRows : table.counts.skippedRows,
    };
    if (table instanceof EventTable) {
      const { corruptTemplates, repairedTemplates } = table.counts;
      entry.events = { corruptTemplates, repairedTemplates };
    }
    // Nothing new: leave the file (and every running service's loaded copy) alone.
    const unchanged = result.added === 0 && result.updated === 0 && result.rows.length === entry.before && !options.replace;
    if (!options.dryRun && !unchanged) {
      entry.file = datasetPath(options.dataDir, module);
      entry.bytes = await writeDatasetFile(entry.file, encodeDataset(module, result.columns, result.rows));
    }
    report.modules.push(entry);
  }
  return report;
}
