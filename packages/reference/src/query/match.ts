import type { FilterOperator } from '@quarry/vocabulary';

/** A test on one lower-cased value. Negative operators are built from their positive twin. */
function positive(op: FilterOperator, needle: string): (value: string) => boolean {
  switch (op) {
    case 'equals':
    case 'not_equals':
      return (v) => v === needle;
    case 'contains':
    case 'does_not_contain':
      return (v) => v.includes(needle);
    case 'starts_with':
      return (v) => v.startsWith(needle);
    case 'ends_with':
      return (v) => v.endsWith(needle);
  }
}

/**
 * A test on one lower-cased cell. In a multi-value cell each value is tested on its own, so
 * `equals "W10_22H2"` matches "W10_21H2|W10_22H2": positive operators hold when some value
 * matches, negative ones when no value does. An empty cell is one empty value, so
 * `equals ""` finds empty cells and `not_equals ""` non-empty ones.
 */
export function cellPredicate(op: FilterOperator, value: string, separator: string | undefined): (cell: string) => boolean {
  const test = positive(op, value.toLowerCase());
  const negate = op === 'not_equals' || op === 'does_not_contain';
  const any = separator === undefined ? (cell: string) => test(cell) : (cell: string) => cell.split(separator).some(test);
  return negate ? (cell) => !any(cell) : any;
}

/**
 * Memoises a predicate per string-table entry: a column repeats few distinct strings (providers,
 * OS lists), so each is tested once per query however many rows share it.
 */
export function memoOverStrings(lower: readonly string[], predicate: (cell: string) => boolean): (id: number) => boolean {
  const memo = new Uint8Array(lower.length); // 0 unknown, 1 false, 2 true
  return (id) => {
    let m = memo[id]!;
    if (m === 0) {
      m = predicate(lower[id]!) ? 2 : 1;
      memo[id] = m;
    }
    return m === 2;
  };
}
