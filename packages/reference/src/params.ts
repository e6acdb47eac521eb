import { FILTER_OPERATORS, PAGE_BOUNDS, SHOW_BOUNDS, isLookupModule, type FilterOperator, type LookupModule } from '@quarry/vocabulary';
import { z } from 'zod';
import { LookupError } from './errors.js';
import { MODULES } from './modules.js';

// Bounds are ours (the spec has none): they keep one request's work small and predictable.
export const MAX_SEARCH_LENGTH = 256;
export const MAX_FILTERS = 16;

export const lookupFilterSchema = z.object({
  field: z.string().min(1).max(64),
  operator: z.enum(FILTER_OPERATORS),
  value: z.string().max(MAX_SEARCH_LENGTH),
});

/**
 * The request body of "POST /analysis/lookup", shared by every front. `module` is any string here
 * so that an unknown one can answer the spec's distinct `Unknown lookup module` (400) rather than
 * `Validation failed` (422); `parseLookupParams` makes that distinction.
 */
export const lookupParamsSchema = z.object({
  module: z.string(),
  search: z.string().max(MAX_SEARCH_LENGTH),
  filter: z.array(lookupFilterSchema).max(MAX_FILTERS).default([]),
  page: z.number().int().min(PAGE_BOUNDS.min).max(PAGE_BOUNDS.max).default(PAGE_BOUNDS.default),
  show: z.number().int().min(SHOW_BOUNDS.min).max(SHOW_BOUNDS.max).default(SHOW_BOUNDS.default),
});
export type LookupParamsInput = z.input<typeof lookupParamsSchema>;

export interface LookupFilter {
  /** Index into the module's columns. */
  column: number;
  operator: FilterOperator;
  value: string;
}

export interface LookupParams {
  module: LookupModule;
  search: string;
  filter: LookupFilter[];
  page: number;
  show: number;
}

/** "OS Version", "os_version" and "osversion" all name the same column. */
function normaliseField(name: string): string {
  return name.toLowerCase().replace(/[\s_-]+/g, '');
}

/**
 * Validates a request body. Throws LookupError 'unknown-module' for a well-formed but unknown
 * module (checked first, as the spec lists it as its own error), else 'validation'.
 */
export function parseLookupParams(input: unknown): LookupParams {
  const module = (input as { module?: unknown } | null)?.module;
  if (typeof module === 'string' && !isLookupModule(module)) {
    throw new LookupError('unknown-module', 'Unknown lookup module');
  }
  const parsed = lookupParamsSchema.safeParse(input);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`);
    throw new LookupError('validation', 'Validation failed', issues);
  }
  const data = parsed.data;
  const name = data.module;
  if (!isLookupModule(name)) throw new LookupError('unknown-module', 'Unknown lookup module');
  const columns = MODULES[name].columns.map(normaliseField);
  const filter = data.filter.map((f, i): LookupFilter => {
    const column = columns.indexOf(normaliseField(f.field));
    if (column < 0) {
      throw new LookupError('validation', 'Validation failed', [
        `filter.${i}.field: "${f.field}" is not a column of ${name} (${MODULES[name].columns.join(', ')})`,
      ]);
    }
    return { column, operator: f.operator, value: f.value };
  });
  return { module: name, search: data.search, filter, page: data.page, show: data.show };
}
