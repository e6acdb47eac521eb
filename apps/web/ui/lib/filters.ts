import type { FilterOperator } from '@quarry/vocabulary';

/** One filter criterion as the forms edit it; `field` may be empty while the row is new. */
export interface FilterRow {
  field: string;
  operator: FilterOperator;
  value: string;
}
