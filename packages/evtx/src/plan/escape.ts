import { wellFormed } from '../binxml/value.js';

// eslint-disable-next-line no-control-regex -- control characters are what JSON escapes
const JSON_SPECIAL = /["\\\u0000-\u001f]/;

/**
 * A string's JSON form without the quotes. The generic writer makes the whole text around a
 * value well formed at once, so a surrogate at a value's edge could pair with a neighbour:
 * those (rare) values are left to it.
 */
export function jsonString(s: string): string | undefined {
  const first = s.charCodeAt(0);
  const last = s.charCodeAt(s.length - 1);
  if ((first & 0xfc00) === 0xdc00 || (last & 0xfc00) === 0xd800) return undefined;
  const w = wellFormed(s);
  return JSON_SPECIAL.test(w) ? JSON.stringify(w).slice(1, -1) : w;
}
