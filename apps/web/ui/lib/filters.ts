export const OPERATORS = ['equals', 'not_equals', 'contains', 'does_not_contain', 'starts_with', 'ends_with'] as const;
export type Operator = (typeof OPERATORS)[number];

export interface FilterRow {
  field: string;
  operator: Operator;
  value: string;
}

export const LOOKUP_FIELDS: Record<'file_name' | 'event_id', string[]> = {
  file_name: ['File Name', 'File Path', 'Description', 'Product Name', 'Company Name', 'Runtime Window Title'],
  event_id: ['Event ID', 'OS Version', 'Version', 'Provider', 'Description Short', 'Data Fields'],
};
