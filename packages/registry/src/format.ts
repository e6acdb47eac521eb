import type { RegistryKey, RegistryValue } from './types.js';
import type { ValueData } from './value-types.js';

export interface BinaryViews {
  /** Lower-case hex, no separators. */
  hex: string;
  /** Classic 16-bytes-per-line dump with offsets and an ASCII column. */
  hexdump: string;
  /** The bytes read as UTF-8 and as UTF-16LE; NUL and other control characters become ".". */
  utf8: string;
  utf16le: string;
}

/** Replaces C0 controls other than tab, CR and LF (and DEL) with "." so text stays printable. */
function printable(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    out += (c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) || c === 0x7f ? '.' : s[i];
  }
  return out;
}

export function hexdump(buf: Buffer): string {
  const lines: string[] = [];
  for (let i = 0; i < buf.length; i += 16) {
    const row = buf.subarray(i, i + 16);
    const hex = [...row].map((b) => b.toString(16).padStart(2, '0')).join(' ');
    const ascii = [...row].map((b) => (b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : '.')).join('');
    lines.push(`${i.toString(16).padStart(8, '0')}  ${hex.padEnd(47)}  |${ascii}|`);
  }
  return lines.join('\n');
}

/** The three searchable renderings of binary data the service needs: hex, UTF-8 text, UTF-16LE text. */
export function binaryViews(buf: Buffer): BinaryViews {
  return {
    hex: buf.toString('hex'),
    hexdump: hexdump(buf),
    utf8: printable(buf.toString('utf8')),
    utf16le: printable(buf.toString('utf16le', 0, buf.length & ~1)),
  };
}

/** JSON form of decoded data: bytes as hex, QWORDs as decimal strings (they exceed double precision). */
export function dataToJson(data: ValueData): string | string[] | number {
  if (Buffer.isBuffer(data)) return data.toString('hex');
  if (typeof data === 'bigint') return data.toString();
  return data;
}

export interface JsonValue {
  name: string;
  type: string;
  data: string | string[] | number;
}

export interface JsonKey {
  path: string;
  last_write: string | null;
  deleted: boolean;
  values: JsonValue[];
}

export function valueToJson(v: RegistryValue): JsonValue {
  return { name: v.name, type: v.type, data: dataToJson(v.data) };
}

/** The CLI's line shape: {"path","last_write","deleted","values":[{"name","type","data"}]}. */
export function keyToJson(k: RegistryKey): JsonKey {
  return { path: k.path, last_write: k.lastWrite, deleted: k.deleted, values: k.values.map(valueToJson) };
}

function dataJsonText(data: ValueData): string {
  if (Buffer.isBuffer(data)) return `"${data.toString('hex')}"`;
  if (typeof data === 'bigint') return `"${data}"`;
  if (typeof data === 'number') return String(data);
  return JSON.stringify(data);
}

/**
 * `JSON.stringify(keyToJson(k))` written directly (optionally led by a "hive" field), without the
 * intermediate objects: the CLI prints one per key and the copies dominated its time.
 */
export function keyToJsonLine(k: RegistryKey, hive?: string): string {
  let s = hive === undefined ? '{' : `{"hive":${JSON.stringify(hive)},`;
  s += `"path":${JSON.stringify(k.path)},"last_write":${k.lastWrite === null ? 'null' : `"${k.lastWrite}"`},"deleted":${k.deleted},"values":[`;
  for (let i = 0; i < k.values.length; i++) {
    const v = k.values[i]!;
    s += `${i === 0 ? '' : ','}{"name":${JSON.stringify(v.name)},"type":"${v.type}","data":${dataJsonText(v.data)}}`;
  }
  return `${s}]}`;
}
