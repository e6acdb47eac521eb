/** First characters a spreadsheet reads as a formula (OWASP "CSV injection"): `=`, `+`, `-`, `@`, tab, carriage return. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * The text of one CSV cell: strings as they are (with `'` before a formula start when `defuse`),
 * numbers and bigints as decimals, booleans as true/false, dates as ISO 8601, null and undefined as
 * empty, anything else (arrays, objects) as its JSON. Only strings are defused: a number cell is
 * never a formula, and prefixing it would turn -5 into text.
 */
export function cellText(value: unknown, defuse: boolean): string {
  switch (typeof value) {
    case 'string':
      return defuse && FORMULA_START.test(value) ? `'${value}` : value;
    case 'number':
    case 'bigint':
    case 'boolean':
      return String(value);
    case 'undefined':
      return '';
    default:
      if (value === null) return '';
      if (value instanceof Date) return value.toISOString();
      return JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
  }
}
