/** The export formats of issue #38, as the `format` query parameter names them. */
export const EXPORT_FORMATS = ['csv', 'jsonl', 'timesketch', 'ecs', 'sigma-csv', 'sigma-jsonl'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const isExportFormat = (value: unknown): value is ExportFormat => typeof value === 'string' && (EXPORT_FORMATS as readonly string[]).includes(value);

/** Content-Type of each format (UTF-8 throughout). */
export const MEDIA_TYPES: Readonly<Record<ExportFormat, string>> = {
  csv: 'text/csv; charset=utf-8',
  jsonl: 'application/x-ndjson; charset=utf-8',
  timesketch: 'application/x-ndjson; charset=utf-8',
  ecs: 'application/x-ndjson; charset=utf-8',
  'sigma-csv': 'text/csv; charset=utf-8',
  'sigma-jsonl': 'application/x-ndjson; charset=utf-8',
};

/** File name extension of each format (timesketch_importer picks its reader by `.jsonl`). */
export const FILE_EXTENSIONS: Readonly<Record<ExportFormat, string>> = {
  csv: 'csv',
  jsonl: 'jsonl',
  timesketch: 'jsonl',
  ecs: 'ndjson',
  'sigma-csv': 'csv',
  'sigma-jsonl': 'jsonl',
};
