import { hex, utf16At } from './entry.js';

/**
 * The fixed-size entry tables of 2003/Vista (0xbadc0ffe) and 7 (0xbadc0fee): a header holding the
 * entry count @4, then `count` entries that each start with a UNICODE_STRING (path size u16,
 * maximum path size u16, then the path offset: u32 @4 on 32-bit, u64 @8 after 4 bytes of padding
 * on 64-bit), then the strings. Both word sizes share one signature, so the layout is the one under
 * which the entries are what the format says they are, not a guess from one field.
 */
export interface TableLayout {
  header: number;
  size: number;
  bits: 32 | 64;
}

export interface TableRow {
  /** Offset of the entry in the value. */
  at: number;
  path: string;
}

/**
 * The path of the entry at `at` if it is consistent with `layout`: the entry lies inside the
 * value, the maximum size is at least the size, a 64-bit entry's padding and offset high dword are
 * zero, and the path lies after the entry table and inside the value. Else null.
 */
function entryPath(buf: Buffer, layout: TableLayout, tableEnd: number, at: number): string | null {
  if (at + layout.size > buf.length) return null;
  const size = buf.readUInt16LE(at);
  const max = buf.readUInt16LE(at + 2);
  if (max < size || size % 2 !== 0) return null;
  let offset: number;
  if (layout.bits === 32) offset = buf.readUInt32LE(at + 4);
  else {
    if (buf.readUInt32LE(at + 4) !== 0 || buf.readUInt32LE(at + 12) !== 0) return null;
    offset = buf.readUInt32LE(at + 8);
  }
  if (offset < tableEnd) return null;
  return utf16At(buf, offset, size);
}

/** How many leading entries fit `layout`, with their paths. */
function fitting(buf: Buffer, layout: TableLayout, count: number): TableRow[] {
  const tableEnd = layout.header + count * layout.size;
  const rows: TableRow[] = [];
  for (let i = 0; i < count; i++) {
    const at = layout.header + i * layout.size;
    const path = entryPath(buf, layout, tableEnd, at);
    if (path === null) break;
    rows.push({ at, path });
  }
  return rows;
}

export type PickedTable = { layout: TableLayout; rows: TableRow[]; warnings: string[] } | { failed: string };

/**
 * The layout whose entries fit the value, among `layouts` (same header, 32- and 64-bit entries).
 * An empty cache (count 0) has no rows under the first. When only a prefix fits (a damaged value),
 * the longer prefix is kept and a warning says where it stopped.
 */
export function pickTable(buf: Buffer, layouts: readonly TableLayout[]): PickedTable {
  const header = layouts[0]!.header;
  if (buf.length < header) return { failed: `value is ${buf.length} bytes, shorter than its ${header}-byte header` };
  const count = buf.readUInt32LE(4);
  if (count === 0) return { layout: layouts[0]!, rows: [], warnings: [] };
  const tried = layouts.map((layout) => ({ layout, rows: fitting(buf, layout, count) })).sort((a, b) => b.rows.length - a.rows.length);
  const best = tried[0]!;
  const next = tried[1];
  const sizes = layouts.map((l) => `${l.bits}-bit (${l.size}-byte)`).join(' or ');
  if (best.rows.length === 0)
    return {
      failed: `signature ${hex(buf.readUInt32LE(0))} with ${count} entries, but no entry fits the ${sizes} layout (value of ${buf.length} bytes): not decoded`,
    };
  if (next && next.rows.length === best.rows.length) return { failed: `${count} entries fit both the ${sizes} layout: not decoded` };
  const warnings: string[] = [];
  if (best.rows.length < count) {
    const at = header + best.rows.length * best.layout.size;
    warnings.push(
      `entry ${best.rows.length + 1} of ${count} (offset ${at}) does not fit the ${best.layout.bits}-bit layout: its path is outside the value or its sizes are inconsistent; ${best.rows.length} entries read`,
    );
  }
  return { layout: best.layout, rows: best.rows, warnings };
}
