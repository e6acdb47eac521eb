import { pickTable, type TableLayout } from './entry-table.js';
import { filetimeAt, INSERT_FLAG_EXECUTED, type ShimCacheValue } from './entry.js';

/**
 * Windows 7 and Server 2008 R2 (signature 0xbadc0fee). libyal winreg-kb: a 128-byte header
 * (signature, entry count @4), then entries of 32 bytes (32-bit: path size u16, maximum path size
 * u16, path offset u32, FILETIME @8, insert flags @16, shim flags @20, data size u32 @24, data
 * offset u32 @28) or 48 bytes (64-bit: sizes, 4 bytes padding, path offset u64 @8, FILETIME @16,
 * insert flags @24, shim flags @28, data size u64 @32, data offset u64 @40), then data and paths.
 * Mandiant's ShimCacheParser and plaso use the same sizes (0x20 / 0x30). A 32-bit Windows 7 value
 * read with the 64-bit layout (the bug of issue 36) gives paths of random characters and 1601
 * times; the layout is therefore picked by checking every entry against the value (entry-table.ts).
 */
const LAYOUTS: readonly TableLayout[] = [
  { header: 0x80, size: 32, bits: 32 },
  { header: 0x80, size: 48, bits: 64 },
];

export function decodeWin7(buf: Buffer): ShimCacheValue {
  const picked = pickTable(buf, LAYOUTS);
  if ('failed' in picked) return { format: 'Windows 7 / Server 2008 R2 (0xbadc0fee)', entries: [], warnings: [picked.failed] };
  const { layout, rows, warnings } = picked;
  const is32 = layout.bits === 32;
  const entries = rows.map((r, i) => ({
    position: i + 1,
    path: r.path,
    lastModified: filetimeAt(buf, r.at + (is32 ? 8 : 16), warnings, i + 1),
    executed: (buf.readUInt32LE(r.at + (is32 ? 16 : 24)) & INSERT_FLAG_EXECUTED) !== 0,
  }));
  return { format: `Windows 7 / Server 2008 R2, ${layout.bits}-bit entries`, entries, warnings };
}
