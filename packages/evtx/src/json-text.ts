import type { JsonObject } from './render/json.js';

const BIG = /"\\u0000big:(-?\d+)\\u0000"/g;

function bigintMarker(_key: string, v: unknown): unknown {
  return typeof v === 'bigint' ? `\u0000big:${v}\u0000` : v;
}

/**
 * JSON text of an event, with 64-bit integers beyond 2^53 written as exact bare numbers as
 * evtx_dump writes them. Decoded strings never hold NUL (they end at the first), so the marker
 * used for those integers cannot clash with data.
 */
export function eventToJson(event: JsonObject): string {
  try {
    return JSON.stringify(event);
  } catch (e) {
    if (!(e instanceof TypeError)) throw e;
    return JSON.stringify(event, bigintMarker).replace(BIG, '$1');
  }
}
