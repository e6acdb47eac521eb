/**
 * The lookup modules of "POST /analysis/lookup" and their columns, in the spec's order and
 * spelling. @quarry/reference adds how each module is stored and searched.
 */
export const LOOKUP_MODULES = ['file_name', 'event_id'] as const;
export type LookupModule = (typeof LOOKUP_MODULES)[number];

export const LOOKUP_COLUMNS = {
  file_name: ['File Name', 'File Path', 'Description', 'Product Name', 'Company Name', 'Runtime Window Title'],
  event_id: ['Event ID', 'OS Version', 'Version', 'Provider', 'Description Short', 'Data Fields'],
} as const satisfies Record<LookupModule, readonly string[]>;

export const isLookupModule = (value: string): value is LookupModule => (LOOKUP_MODULES as readonly string[]).includes(value);
