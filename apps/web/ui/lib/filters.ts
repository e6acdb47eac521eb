import type { EvidenceKind } from './evidence-kind';

export const OPERATORS = ['equals', 'not_equals', 'contains', 'does_not_contain', 'starts_with', 'ends_with'] as const;
export type Operator = (typeof OPERATORS)[number];

export interface FilterRow {
  field: string;
  operator: Operator;
  value: string;
}

/** Filterable fields per search type, as the spec lists them (details.<name> takes any event-data field). */
export const SEARCH_FIELDS: Record<EvidenceKind, string[]> = {
  winevtx: ['event_id', 'record_id', 'timestamp', 'provider', 'computer', 'sigma_matches', 'details.'],
  prefetch: ['prefetch_file', 'file_name', 'file_path', 'version', 'details.Count', 'details.RunTimes', 'details.Modules', 'details.Volumes'],
  registry: ['file_name', 'root_key', 'key', 'details.ValueType', 'details.ValueName', 'details.Value', 'details.LastWriteTime'],
};

export const LOOKUP_FIELDS: Record<'file_name' | 'event_id', string[]> = {
  file_name: ['File Name', 'File Path', 'Description', 'Product Name', 'Company Name', 'Runtime Window Title'],
  event_id: ['Event ID', 'OS Version', 'Version', 'Provider', 'Description Short', 'Data Fields'],
};
