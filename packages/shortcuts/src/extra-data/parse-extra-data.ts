import { csidlName } from '../csidl.js';
import { folderName } from '../known-folders.js';
import { readItems } from '../link/id-list.js';
import type { ExtraDataBlock } from '../model.js';
import { readPropertyStore } from '../property-store.js';
import type { LinkReader } from '../reader.js';
import type { Warnings } from '@quarry/binary';
import { readConsole } from './console.js';
import { readTracker } from './tracker.js';

/** Block signatures and the smallest size each needs ([MS-SHLLINK] 2.5). */
const MIN_SIZE: Record<number, number> = {
  0xa0000001: 0x314,
  0xa0000002: 0xcc,
  0xa0000003: 0x60,
  0xa0000004: 0x0c,
  0xa0000005: 0x10,
  0xa0000006: 0x314,
  0xa0000007: 0x314,
  0xa0000008: 0x88,
  0xa0000009: 0x0c,
  0xa000000b: 0x1c,
  0xa000000c: 0x0a, // header + terminal item
};

/**
 * The target of an environment, icon environment or darwin block: 260 ANSI bytes, then 520 bytes
 * of UTF-16 that Windows fills when it can (the Unicode form wins when present).
 */
function readPathBlock(r: LinkReader, at: number, s: string): string {
  const unicode = r.utf16z(at + 268, at + 788, s).text;
  return unicode !== '' ? unicode : r.ansiz(at + 8, at + 268, s).text;
}

/**
 * One block of `size` bytes at `at`. Each kind is one object literal, common fields first, so every
 * block of a kind has one shape and none is copied by a spread.
 */
function readBlock(r: LinkReader, at: number, size: number, signature: number, warnings: Warnings): ExtraDataBlock {
  const end = at + size;
  switch (signature) {
    case 0xa0000001:
      return { offset: at, size, signature, kind: 'environment', target: readPathBlock(r, at, 'environment variables block') };
    case 0xa0000007:
      return { offset: at, size, signature, kind: 'iconEnvironment', target: readPathBlock(r, at, 'icon environment block') };
    case 0xa0000006:
      return { offset: at, size, signature, kind: 'darwin', darwinId: readPathBlock(r, at, 'darwin block') };
    case 0xa0000003:
      return { offset: at, size, signature, kind: 'tracker', tracker: readTracker(r, at, end) };
    case 0xa0000002:
      return readConsole(r, at, size, signature);
    case 0xa0000004:
      return { offset: at, size, signature, kind: 'consoleFe', codePage: r.u32(at + 8, 'console FE block') };
    case 0xa0000005: {
      const folderId = r.u32(at + 8, 'special folder block');
      return {
        offset: at,
        size,
        signature,
        kind: 'specialFolder',
        folderId,
        folderName: csidlName(folderId),
        itemOffset: r.u32(at + 12, 'special folder block'),
      };
    }
    case 0xa000000b: {
      const folderId = r.guid(at + 8, 'known folder block');
      return {
        offset: at,
        size,
        signature,
        kind: 'knownFolder',
        folderId,
        folderName: folderName(folderId),
        itemOffset: r.u32(at + 24, 'known folder block'),
      };
    }
    case 0xa0000008:
      return { offset: at, size, signature, kind: 'shim', layerName: r.utf16z(at + 8, end, 'shim block').text };
    case 0xa0000009:
      return { offset: at, size, signature, kind: 'propertyStore', properties: readPropertyStore(r, at + 8, end, warnings) };
    case 0xa000000c:
      return { offset: at, size, signature, kind: 'vistaIdList', items: readItems(r, at + 8, end, 'vista ID list block', warnings) };
    default:
      return unknownBlock(at, size, signature);
  }
}

function unknownBlock(offset: number, size: number, signature: number): ExtraDataBlock {
  return { offset, size, signature, kind: 'unknown' };
}

const blockName = (signature: number) => `extra data block 0x${signature.toString(16)}`;

/**
 * ExtraData ([MS-SHLLINK] 2.5): blocks up to the terminal block (size < 4). A block whose body is
 * damaged is listed as unknown with a warning and skipped by its size; one whose size does not fit
 * ends the list. Returns the blocks and the offset after the terminal block.
 */
export function readExtraData(r: LinkReader, at: number, end: number, warnings: Warnings): { blocks: ExtraDataBlock[]; next: number } {
  const blocks: ExtraDataBlock[] = [];
  let pos = at;
  for (;;) {
    if (pos + 4 > end) {
      if (pos < end || blocks.length > 0) warnings.add('extra data', pos, 'the link ends without its terminal block');
      return { blocks, next: end };
    }
    const size = r.u32(pos, 'extra data block size');
    if (size < 4) return { blocks, next: pos + 4 };
    if (size < 8 || pos + size > end) {
      warnings.add('extra data block', pos, `block size ${size} does not fit (${end - pos} bytes left); extra data ends here`);
      return { blocks, next: end };
    }
    const signature = r.u32(pos + 4, 'extra data block signature');
    const min = MIN_SIZE[signature];
    // The structure's name is only built for a warning: most links have no damaged block.
    if (min !== undefined && size < min) {
      warnings.add(blockName(signature), pos, `block of ${size} bytes is smaller than the ${min} it needs; not decoded`);
      blocks.push(unknownBlock(pos, size, signature));
    } else if (min === undefined) {
      warnings.add(blockName(signature), pos, `unknown block signature 0x${signature.toString(16)}; skipped by its size`);
      blocks.push(unknownBlock(pos, size, signature));
    } else {
      const at = pos;
      blocks.push(warnings.section(null, () => readBlock(r, at, size, signature, warnings)) ?? unknownBlock(pos, size, signature));
    }
    pos += size;
  }
}
