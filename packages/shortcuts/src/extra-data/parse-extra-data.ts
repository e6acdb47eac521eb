import { csidlName } from '../csidl.js';
import { folderName } from '../known-folders.js';
import { readItems } from '../link/id-list.js';
import type { ExtraDataBlock } from '../model.js';
import { readPropertyStore } from '../property-store.js';
import type { LinkReader } from '../reader.js';
import type { Warnings } from '../warnings.js';
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

/** A block without its common fields, one member per kind. */
type Body = ExtraDataBlock extends infer B ? (B extends ExtraDataBlock ? Omit<B, 'offset' | 'size' | 'signature'> : never) : never;

function readBody(r: LinkReader, at: number, end: number, signature: number, warnings: Warnings): Body {
  switch (signature) {
    case 0xa0000001:
      return { kind: 'environment', target: readPathBlock(r, at, 'environment variables block') };
    case 0xa0000007:
      return { kind: 'iconEnvironment', target: readPathBlock(r, at, 'icon environment block') };
    case 0xa0000006:
      return { kind: 'darwin', darwinId: readPathBlock(r, at, 'darwin block') };
    case 0xa0000003:
      return { kind: 'tracker', tracker: readTracker(r, at, end) };
    case 0xa0000002:
      return { kind: 'console', ...readConsole(r, at) };
    case 0xa0000004:
      return { kind: 'consoleFe', codePage: r.u32(at + 8, 'console FE block') };
    case 0xa0000005: {
      const folderId = r.u32(at + 8, 'special folder block');
      return { kind: 'specialFolder', folderId, folderName: csidlName(folderId), itemOffset: r.u32(at + 12, 'special folder block') };
    }
    case 0xa000000b: {
      const folderId = r.guid(at + 8, 'known folder block');
      return { kind: 'knownFolder', folderId, folderName: folderName(folderId), itemOffset: r.u32(at + 24, 'known folder block') };
    }
    case 0xa0000008:
      return { kind: 'shim', layerName: r.utf16z(at + 8, end, 'shim block').text };
    case 0xa0000009:
      return { kind: 'propertyStore', properties: readPropertyStore(r, at + 8, end, warnings) };
    case 0xa000000c:
      return { kind: 'vistaIdList', items: readItems(r, at + 8, end, 'vista ID list block', warnings) };
    default:
      return { kind: 'unknown' };
  }
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
    let body: Body = { kind: 'unknown' };
    // The structure's name is only built for a warning: most links have no damaged block.
    if (min !== undefined && size < min) warnings.add(blockName(signature), pos, `block of ${size} bytes is smaller than the ${min} it needs; not decoded`);
    else if (min === undefined) warnings.add(blockName(signature), pos, `unknown block signature 0x${signature.toString(16)}; skipped by its size`);
    else body = warnings.section<Body>({ kind: 'unknown' }, () => readBody(r, pos, pos + size, signature, warnings));
    blocks.push({ offset: pos, size, signature, ...body } as ExtraDataBlock);
    pos += size;
  }
}
