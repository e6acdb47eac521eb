/**
 * The two lookup modules of the spec ("POST /analysis/lookup"): their columns, in the spec's order
 * and spelling, and the separator their multi-value cells use. Everything else (queries, files,
 * importer) reads from this table, so a column exists in exactly one place.
 */
export const LOOKUP_MODULES = ['file_name', 'event_id'] as const;
export type LookupModule = (typeof LOOKUP_MODULES)[number];

export const FILE_NAME_COLUMNS = ['File Name', 'File Path', 'Description', 'Product Name', 'Company Name', 'Runtime Window Title'] as const;

export const EVENT_ID_COLUMNS = ['Event ID', 'OS Version', 'Version', 'Provider', 'Description Short', 'Data Fields'] as const;

export interface ModuleDefinition {
  module: LookupModule;
  columns: readonly string[];
  /** Separator of multi-value cells in this module ("##" for file_name, "|" for event_id). */
  separator: string;
  /** Columns whose cells may hold several values joined by `separator`. */
  multiValue: readonly string[];
  /** The column an exact search hit ranks first on (the "name or id"). */
  key: string;
}

export const MODULES: Record<LookupModule, ModuleDefinition> = {
  file_name: {
    module: 'file_name',
    columns: FILE_NAME_COLUMNS,
    separator: '##',
    // Every column but the name can differ between OS builds (spec: "values observed across OS
    // versions are separated by ##").
    multiValue: FILE_NAME_COLUMNS.slice(1),
    key: 'File Name',
  },
  event_id: {
    module: 'event_id',
    columns: EVENT_ID_COLUMNS,
    separator: '|',
    multiValue: ['OS Version', 'Data Fields'],
    key: 'Event ID',
  },
};

export function isLookupModule(value: string): value is LookupModule {
  return (LOOKUP_MODULES as readonly string[]).includes(value);
}
