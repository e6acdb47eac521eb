import { LOOKUP_COLUMNS, type LookupModule } from '@quarry/vocabulary';

/**
 * How the two lookup modules of the spec ("POST /analysis/lookup") are stored and searched: their
 * columns (from @quarry/vocabulary, where the modules are declared) and the separator their
 * multi-value cells use. Everything else (queries, files, importer) reads from this table.
 */
export const FILE_NAME_COLUMNS = LOOKUP_COLUMNS.file_name;
export const EVENT_ID_COLUMNS = LOOKUP_COLUMNS.event_id;

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
