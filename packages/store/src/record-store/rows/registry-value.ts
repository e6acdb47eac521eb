import type { RegistryValue } from '@quarry/registry';

/**
 * Bytes of one value rendered for display and search. Larger values are cut (the record itself
 * keeps every byte): a hex rendering of a megabyte helps nobody in a table cell or an index.
 */
export const RENDERED_BYTES = 16 * 1024;

export interface RenderedValue {
  /** The Value detail: text for string types, decimal for numbers, items joined with ", " for lists, hex for bytes. */
  display: string;
  /** What else a filter on details.Value and `search` match: list items, or a binary value's UTF-8 and UTF-16 text. */
  others: string[];
}

function cut(buf: Buffer): { bytes: Buffer; more: string } {
  return buf.length > RENDERED_BYTES ? { bytes: buf.subarray(0, RENDERED_BYTES), more: `… (${buf.length} bytes)` } : { bytes: buf, more: '' };
}

// C0 controls but tab, LF and CR, and DEL: shown as "." (as @quarry/registry's binaryViews does; its
// hexdump, which the store has no use for, is not built).
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
const printable = (s: string): string => s.replace(CONTROLS, '.');

export function renderValue(v: RegistryValue): RenderedValue {
  const data = v.data;
  if (typeof data === 'string') return { display: data, others: [] };
  if (typeof data === 'number' || typeof data === 'bigint') return { display: data.toString(), others: [] };
  if (Array.isArray(data)) return { display: data.join(', '), others: data };
  const { bytes, more } = cut(data);
  return { display: bytes.toString('hex') + more, others: [printable(bytes.toString('utf8')), printable(bytes.toString('utf16le', 0, bytes.length & ~1))] };
}
