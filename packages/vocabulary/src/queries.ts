/**
 * What a search or a lookup may ask, as the REST contract spells it: the filter operators and the
 * page/show bounds. Every front, the store and the dashboard read these; none re-declares them.
 */

/** The spec's Filter criterion operators. */
export const FILTER_OPERATORS = ['equals', 'not_equals', 'contains', 'does_not_contain', 'starts_with', 'ends_with'] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

/** An inclusive integer range with the value used when a request leaves it out. */
export interface Bounds {
  readonly min: number;
  readonly max: number;
  readonly default: number;
}

/** `page` of searches and lookups: 10 pages at most (the spec's cap). */
export const PAGE_BOUNDS: Bounds = { min: 1, max: 10, default: 1 };

/** `show` (rows per page) of searches and lookups. */
export const SHOW_BOUNDS: Bounds = { min: 1, max: 100, default: 10 };

/** The message a value outside `bounds` gets, e.g. "page must be an integer from 1 to 10". */
export const boundsMessage = (name: string, bounds: Bounds): string => `${name} must be an integer from ${bounds.min} to ${bounds.max}`;

export const isWithin = (value: number, bounds: Bounds): boolean => Number.isInteger(value) && value >= bounds.min && value <= bounds.max;
