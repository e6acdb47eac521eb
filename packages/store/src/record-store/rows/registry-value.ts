import { binaryViews, type RegistryValue } from '@quarry/registry';

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

export function renderValue(v: RegistryValue): RenderedValue {
  const data = v.data;
  if (typeof data === 'string') return { display: data, others: [] };
  if (typeof data === 'number' || typeof data === 'bigint') return { display: data.toString(), others: [] };
  if (Array.isArray(data)) return { display: data.join(', '), others: data };
  const { bytes, more } = cut(data);
  const views = binaryViews(bytes);
  return { display: views.hex + more, others: [views.utf8, views.utf16le] };
}
