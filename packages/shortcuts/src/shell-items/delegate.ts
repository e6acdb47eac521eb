import type { ShellItem } from '../model.js';
import type { LinkReader } from '../reader.js';
import type { Warnings } from '../warnings.js';
import { readExtensionBlocks } from './extension-blocks.js';
import { readFileEntry } from './file-entry.js';

const CFSF = 0x46534643; // "CFSF"

/**
 * A delegate item (class 0x74, "CFSF" at offset 6): a data size, an inner file entry item, then the
 * delegate CLSID (5E591A74-…), the item CLSID and the extension blocks, which belong to the inner
 * entry (its long name, MFT reference). Null when the item does not have this layout.
 */
export function readDelegate(r: LinkReader, at: number, end: number, classType: number, warnings: Warnings): ShellItem | null {
  const s = 'delegate shell item';
  if (end - at < 10 || r.u32(at + 6, s) !== CFSF) return null;
  const dataSize = r.u16(at + 4, s);
  const guidAt = at + 6 + dataSize;
  if (guidAt + 32 > end) {
    warnings.add(s, at + 4, `data size ${dataSize} leaves no room for the delegate CLSIDs`);
    return null;
  }
  const delegateClsid = r.guid(guidAt, s);
  const itemClsid = r.guid(guidAt + 16, s);
  const extensions = readExtensionBlocks(r, guidAt + 32, end, s, warnings);
  const innerSize = r.u16(at + 10, s);
  let inner: ShellItem | null = null;
  if (innerSize >= 14 && at + 10 + innerSize <= guidAt) {
    const innerClass = r.u8(at + 12, s);
    if ((innerClass & 0x70) === 0x30) {
      inner = warnings.section(null, () => readFileEntry(r, at + 10, at + 10 + innerSize, innerClass, warnings, extensions));
    }
  }
  return { kind: 'delegate', offset: at, size: end - at, classType, delegateClsid, itemClsid, inner };
}
