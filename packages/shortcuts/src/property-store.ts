import { filetimeToIso } from './filetime.js';
import type { PropertyValue } from './model.js';
import { propertyName } from './property-names.js';
import type { LinkReader } from './reader.js';
import type { Warnings } from '@quarry/binary';

const SPS_VERSION = 0x53505331; // "1SPS"
/** The property set whose properties are named by strings rather than numbers. */
const STRING_NAMED = 'd5cdd505-2e9c-101b-9397-08002b2cf9ae';

const VT_NAMES: Record<number, string> = {
  0x00: 'VT_EMPTY',
  0x01: 'VT_NULL',
  0x02: 'VT_I2',
  0x03: 'VT_I4',
  0x04: 'VT_R4',
  0x05: 'VT_R8',
  0x06: 'VT_CY',
  0x07: 'VT_DATE',
  0x08: 'VT_BSTR',
  0x0a: 'VT_ERROR',
  0x0b: 'VT_BOOL',
  0x0e: 'VT_DECIMAL',
  0x10: 'VT_I1',
  0x11: 'VT_UI1',
  0x12: 'VT_UI2',
  0x13: 'VT_UI4',
  0x14: 'VT_I8',
  0x15: 'VT_UI8',
  0x16: 'VT_INT',
  0x17: 'VT_UINT',
  0x1e: 'VT_LPSTR',
  0x1f: 'VT_LPWSTR',
  0x40: 'VT_FILETIME',
  0x41: 'VT_BLOB',
  0x42: 'VT_STREAM',
  0x43: 'VT_STORAGE',
  0x44: 'VT_STREAMED_OBJECT',
  0x45: 'VT_STORED_OBJECT',
  0x46: 'VT_BLOB_OBJECT',
  0x47: 'VT_CF',
  0x48: 'VT_CLSID',
};

/** The text without its trailing NULs; a loop from the end, where a /\0+$/ regex scans the whole string. */
function trimNuls(text: string): string {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 0) end--;
  return end === text.length ? text : text.slice(0, end);
}

function typeName(type: number): string {
  const base = VT_NAMES[type & 0x0fff] ?? `0x${(type & 0x0fff).toString(16).padStart(4, '0')}`;
  if (type & 0x1000) return `VT_VECTOR|${base}`;
  if (type & 0x2000) return `VT_ARRAY|${base}`;
  return base;
}

/** A TypedPropertyValue ([MS-OLEPS] 2.15) inside [at, end); vectors, arrays and blobs are summarised. */
function readTypedValue(r: LinkReader, at: number, end: number): { type: string; value: PropertyValue['value'] } {
  const type = r.u16(at, 'property type');
  const v = at + 4;
  const structure = 'property value';
  const name = typeName(type);
  if (type & 0x3000) return { type: name, value: `(${type & 0x1000 ? 'vector' : 'array'}, ${end - v} bytes)` };
  switch (type) {
    case 0x00:
    case 0x01:
      return { type: name, value: null };
    case 0x02:
      return { type: name, value: r.u16s(v, structure) };
    case 0x12:
      return { type: name, value: r.u16(v, structure) };
    case 0x03:
    case 0x16:
      return { type: name, value: r.i32(v, structure) };
    case 0x13:
    case 0x17:
    case 0x0a:
      return { type: name, value: r.u32(v, structure) };
    case 0x10:
      return { type: name, value: (r.u8(v, structure) << 24) >> 24 };
    case 0x11:
      return { type: name, value: r.u8(v, structure) };
    case 0x14:
      return { type: name, value: BigInt.asIntN(64, r.u64(v, structure)).toString() };
    case 0x15:
      return { type: name, value: r.u64(v, structure).toString() };
    case 0x04:
      r.need(v, 4, structure);
      return { type: name, value: r.view.getFloat32(v, true) };
    case 0x05:
    case 0x07:
      r.need(v, 8, structure);
      return { type: name, value: r.view.getFloat64(v, true) };
    case 0x0b:
      return { type: name, value: r.u16(v, structure) !== 0 };
    case 0x40:
      return { type: name, value: filetimeToIso(r.u64(v, structure)) };
    case 0x48:
      return { type: name, value: r.guid(v, structure) };
    case 0x1f: {
      const chars = r.u32(v, structure);
      const room = Math.floor((end - v - 4) / 2);
      return { type: name, value: trimNuls(r.utf16(v + 4, Math.min(chars, room), structure)) };
    }
    case 0x08:
    case 0x1e: {
      const size = r.u32(v, structure);
      const room = end - v - 4;
      return { type: name, value: trimNuls(r.ansi(v + 4, Math.min(size, room), structure)) };
    }
    default:
      return { type: name, value: `(${end - v} bytes)` };
  }
}

/** One Serialized Property Storage's values at `at` (after its size, version and format id). */
function readStorage(r: LinkReader, at: number, end: number, formatId: string, out: PropertyValue[], warnings: Warnings): void {
  let pos = at;
  while (pos + 4 <= end) {
    const valueSize = r.u32(pos, 'property value size');
    if (valueSize === 0) return;
    if (valueSize < 9 || pos + valueSize > end) {
      warnings.add('property value', pos, `value size ${valueSize} does not fit its storage; rest of the storage skipped`);
      return;
    }
    const valueEnd = pos + valueSize;
    warnings.section(undefined, () => {
      let id: number | string;
      let typedAt: number;
      if (formatId === STRING_NAMED) {
        const nameSize = r.u32(pos + 4, 'property name size');
        id = trimNuls(r.utf16(pos + 9, Math.floor(Math.min(nameSize, valueEnd - pos - 9) / 2), 'property name'));
        typedAt = pos + 9 + nameSize;
      } else {
        id = r.u32(pos + 4, 'property id');
        typedAt = pos + 9;
      }
      const { type, value } = readTypedValue(r, typedAt, valueEnd);
      out.push({ formatId, id, name: propertyName(formatId, id), type, value });
    });
    pos = valueEnd;
  }
}

/**
 * A serialized property store ([MS-PROPSTORE] 2.2): storages of typed values, each with a format id.
 * A damaged storage or value is skipped by its size with a warning.
 */
export function readPropertyStore(r: LinkReader, at: number, end: number, warnings: Warnings): PropertyValue[] {
  const out: PropertyValue[] = [];
  let pos = at;
  while (pos + 4 <= end) {
    const size = r.u32(pos, 'property storage size');
    if (size === 0) break;
    if (size < 24 || pos + size > end) {
      warnings.add('property storage', pos, `storage size ${size} does not fit (${end - pos} bytes left); rest of the store skipped`);
      break;
    }
    const version = r.u32(pos + 4, 'property storage version');
    if (version !== SPS_VERSION) {
      warnings.add('property storage', pos + 4, `version 0x${version.toString(16)} is not 1SPS; storage skipped`);
    } else {
      readStorage(r, pos + 24, pos + size, r.guid(pos + 8, 'property storage format id'), out, warnings);
    }
    pos += size;
  }
  return out;
}
