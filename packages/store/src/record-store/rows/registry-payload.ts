import type { RegistryKey, RegistryValue, SecuritySummary } from '@quarry/registry';
import { encodeTagged } from '../codec.js';

/*
 * A registry key's payload, in codec.ts's tagged JSON, built without a JSON replacer (which
 * `encodeTagged` needs for Buffers and costs most of the key's encoding: it is called on every
 * member, and each Buffer is first turned into an array of numbers by Buffer#toJSON). Data that is
 * the value's raw bytes themselves (binary, and sizes a type cannot hold) is written once, as raw,
 * and `data` says so with {"$raw":1}. A security summary is shared by many keys of a hive, so its
 * text is made once per summary.
 */

const RAW = '{"$raw":1}';
const securityTexts = new WeakMap<SecuritySummary, string>();

function bytes(buf: Buffer): string {
  return `{"$bytes":"${buf.toString('base64')}"}`;
}

function data(v: RegistryValue): string {
  const d = v.data;
  if (d === v.raw) return RAW;
  if (Buffer.isBuffer(d)) return bytes(d);
  if (typeof d === 'bigint') return `{"$bigint":"${d.toString()}"}`;
  return JSON.stringify(d);
}

/** `{…members of rest, extra}`: an object's JSON text with more members after its own. */
function withMembers(rest: object, extra: string): string {
  const own = JSON.stringify(rest);
  return own === '{}' ? `{${extra}}` : `${own.slice(0, -1)},${extra}}`;
}

function value(v: RegistryValue): string {
  const { data: _data, raw, ...rest } = v;
  return withMembers(rest, `"data":${data(v)},"raw":${bytes(raw)}`);
}

function security(s: SecuritySummary | null): string {
  if (s === null) return 'null';
  let text = securityTexts.get(s);
  if (text === undefined) {
    text = JSON.stringify(s);
    securityTexts.set(s, text);
  }
  return text;
}

/** The tagged JSON text of a key (decodeTagged, then `restoreRaw`, reads it back). */
export function encodeKey(key: RegistryKey): string {
  try {
    const { values, security: s, ...rest } = key;
    return withMembers(rest, `"security":${security(s)},"values":[${values.map(value).join(',')}]`);
  } catch {
    // A bigint somewhere unexpected: the replacer handles any shape.
    return encodeTagged(key);
  }
}

/** Puts each value's raw bytes back as its data where the payload says they are the same. */
export function restoreRaw(key: RegistryKey): RegistryKey {
  for (const v of key.values) {
    const d = v.data as unknown;
    if (d !== null && typeof d === 'object' && !Buffer.isBuffer(d) && !Array.isArray(d) && (d as { $raw?: unknown }).$raw === 1) v.data = v.raw;
  }
  return key;
}
