import type { ShellItem } from '../model.js';
import type { LinkReader } from '../reader.js';
import type { Warnings } from '@quarry/binary';
import { readExtensionBlocks } from './extension-blocks.js';
import { readFileEntry } from './file-entry.js';

const CFSF = 0x46534643; // "CFSF"
const DELEGATE_FOLDER = '5e591a74-df96-48d3-8d67-1733bcee28ba';

/** DELEGATE_FOLDER as stored (little-endian fields): every shell item is tried as a delegate first, so no GUID text is built for the test. */
const DELEGATE_FOLDER_BYTES = [0x74, 0x1a, 0x59, 0x5e, 0x96, 0xdf, 0xd3, 0x48, 0x8d, 0x67, 0x17, 0x33, 0xbc, 0xee, 0x28, 0xba];

function isDelegateFolder(r: LinkReader, at: number): boolean {
  r.need(at, 16, 'delegate shell item');
  for (let i = 0; i < 16; i++) if (r.data[at + i] !== DELEGATE_FOLDER_BYTES[i]) return false;
  return true;
}

/**
 * A delegate item (any class type): a data size, the data, then the delegate folder CLSID
 * (5E591A74-…), the item's CLSID and extension blocks. When the data starts with "CFSF" it holds a
 * file entry item, and the extension blocks are that entry's (its long name, MFT reference). Null
 * when the delegate CLSID is not where the data size puts it.
 */
export function readDelegate(r: LinkReader, at: number, end: number, classType: number, warnings: Warnings): ShellItem | null {
  const s = 'delegate shell item';
  if (end - at < 38) return null;
  const dataSize = r.u16(at + 4, s);
  const guidAt = at + 6 + dataSize;
  if (guidAt + 32 > end || !isDelegateFolder(r, guidAt)) return null;
  const delegateClsid = DELEGATE_FOLDER;
  const itemClsid = r.guid(guidAt + 16, s);
  const extensions = readExtensionBlocks(r, guidAt + 32, end, s, warnings);
  const innerSize = dataSize >= 6 ? r.u16(at + 10, s) : 0;
  let inner: ShellItem | null = null;
  if (r.u32(at + 6, s) === CFSF && innerSize >= 14 && at + 10 + innerSize <= guidAt) {
    const innerClass = r.u8(at + 12, s);
    if ((innerClass & 0x70) === 0x30) {
      inner = warnings.section(null, () => readFileEntry(r, at + 10, at + 10 + innerSize, innerClass, warnings, extensions));
    }
  }
  return { kind: 'delegate', offset: at, size: end - at, classType, delegateClsid, itemClsid, inner };
}
