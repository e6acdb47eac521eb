import { pickTable, type TableLayout } from './entry-table.js';
import { filetimeAt, INSERT_FLAG_EXECUTED, type ShimCacheValue } from './entry.js';

/**
 * Windows Server 2003, XP 64-bit, Vista and Server 2008 (signature 0xbadc0ffe). libyal winreg-kb:
 * an 8-byte header (signature, entry count @4), then entries of 24 bytes (32-bit: path size u16,
 * maximum path size u16, path offset u32, FILETIME @8, 8 bytes @16) or 32 bytes (64-bit: sizes,
 * 4 bytes padding, path offset u64 @8, FILETIME @16, 8 bytes @24), then the path strings.
 * The last 8 bytes are the file size on 2003 and insert flags + shim flags on Vista/2008: the
 * layouts are otherwise the same. As Mandiant's ShimCacheParser does, a table in which some low
 * dword is above 3 holds file sizes (2003); one whose low dwords are all flag bits 0-3 holds flags
 * (Vista), and only then is Executed shown.
 */
const LAYOUTS: readonly TableLayout[] = [
  { header: 8, size: 24, bits: 32 },
  { header: 8, size: 32, bits: 64 },
];

export function decodeNt5(buf: Buffer): ShimCacheValue {
  const picked = pickTable(buf, LAYOUTS);
  if ('failed' in picked) return { format: 'Windows Server 2003 / Vista / 2008 (0xbadc0ffe)', entries: [], warnings: [picked.failed] };
  const { layout, rows, warnings } = picked;
  const tail = layout.bits === 32 ? 16 : 24;
  const flags = rows.every((r) => buf.readUInt32LE(r.at + tail) <= 3);
  const os = flags ? 'Windows Vista / Server 2008' : 'Windows Server 2003 / XP 64-bit';
  const entries = rows.map((r, i) => ({
    position: i + 1,
    path: r.path,
    lastModified: filetimeAt(buf, r.at + (layout.bits === 32 ? 8 : 16), warnings, i + 1),
    executed: flags ? (buf.readUInt32LE(r.at + tail) & INSERT_FLAG_EXECUTED) !== 0 : null,
  }));
  return { format: `${os}, ${layout.bits}-bit entries`, entries, warnings };
}
