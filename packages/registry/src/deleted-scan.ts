import { type RegistryWarning, asWarning } from './errors.js';
import type { Reader } from './reader.js';
import { BASE_BLOCK_SIZE } from './base-block.js';
import type { Cell } from './cell.js';
import { filetimeValid } from './filetime.js';
import { KeyFlags, parseKeyNodeCell, readKeyNode, type KeyNode } from './key-node.js';
import { listHiveBins } from './hive-bins.js';
import { MAX_DEPTH } from './walk.js';

const ORPHAN_PREFIX = '<orphan>';
/** Limits beyond which a record found in free space is taken for noise (Windows caps names at 255 chars). */
const MAX_KEY_NAME_BYTES = 512;
const MAX_PLAUSIBLE_COUNT = 1 << 20;
const NK_MIN_CELL = 80;
const VK_MIN_CELL = 24;

export interface DeletedScanVisitor {
  /** A plausible key node found in free space, with the path rebuilt from its parent links. */
  key(nk: KeyNode, path: string): void;
  /** A "vk" record found in free space, not yet checked. Omitted when orphan values are not wanted. */
  valueCell?(cell: Cell): void;
}

function plausibleKey(nk: KeyNode): boolean {
  return (
    nk.name.length > 0 &&
    nk.name.length <= MAX_KEY_NAME_BYTES &&
    !nk.name.includes('\uFFFD') &&
    filetimeValid(nk.lastWrittenLow, nk.lastWrittenHigh) &&
    nk.subkeyCount < MAX_PLAUSIBLE_COUNT &&
    nk.valueCount < MAX_PLAUSIBLE_COUNT
  );
}

/** Rebuilds the path of a deleted key's parent from parent links; a chain that breaks is marked as orphaned. */
function parentPath(r: Reader, parent: number, cache: Map<number, string>): string {
  const names: string[] = [];
  const seen = new Set<number>();
  let off = parent;
  let prefix = ORPHAN_PREFIX;
  for (let depth = 0; depth < MAX_DEPTH; depth++) {
    const cached = cache.get(off);
    if (cached !== undefined) {
      prefix = cached;
      break;
    }
    if (seen.has(off)) break;
    seen.add(off);
    let nk: KeyNode;
    try {
      nk = readKeyNode(r, off);
    } catch {
      break;
    }
    names.push(nk.name);
    if (nk.flags & KeyFlags.hiveEntry) {
      prefix = '';
      break;
    }
    off = nk.parent;
  }
  names.reverse();
  const path = prefix === '' ? names.join('\\') : [prefix, ...names].join('\\');
  cache.set(parent, path);
  return path;
}

/**
 * Free cells may hold several old records after merging; each is found at an 8-byte boundary with its
 * own size field, so every boundary of the free cell [start, end) is tried.
 */
function scanFreeCell(r: Reader, start: number, end: number, visitor: DeletedScanVisitor, pathCache: Map<number, string>, warnings: RegistryWarning[]): void {
  const b = r.buf;
  const h = r.cellHeader;
  for (let q = start; q + h + 8 <= end; q += 8) {
    if (b[q + h + 1] !== 0x6b) continue; // "?k"
    const isNk = b[q + h] === 0x6e;
    if (!isNk && (b[q + h] !== 0x76 || !visitor.valueCell)) continue;
    const size = Math.abs(r.view.getInt32(q, true));
    if (size < (isNk ? NK_MIN_CELL : VK_MIN_CELL) || q + size > end) continue;
    const cell: Cell = { offset: q - BASE_BLOCK_SIZE, dataStart: q + h, dataLength: size - h, allocated: false };
    if (!isNk) {
      visitor.valueCell!(cell);
      continue;
    }
    try {
      const nk = parseKeyNodeCell(r, cell);
      if (plausibleKey(nk)) visitor.key(nk, `${parentPath(r, nk.parent, pathCache)}\\${nk.name}`);
    } catch (err) {
      warnings.push(asWarning(err));
    }
  }
}

/**
 * Finds deleted key nodes (and, if asked, value records) in the unallocated cells of every hive bin,
 * in file order. Nothing is built here: callers decide what to read from each record.
 */
export function scanDeleted(r: Reader, hiveBinsDataSize: number, warnings: RegistryWarning[], visitor: DeletedScanVisitor): void {
  const pathCache = new Map<number, string>();
  // DataView reads: this loop visits every cell of the hive, and Buffer#readInt32LE checks its argument each time.
  const v = r.view;
  for (const bin of listHiveBins(r, hiveBinsDataSize, [])) {
    let pos = bin.start + 32;
    while (pos + 4 <= bin.end) {
      const raw = v.getInt32(pos, true);
      const size = Math.abs(raw);
      if (size < 8 || (size & 7) !== 0 || pos + size > bin.end) break;
      if (raw > 0) scanFreeCell(r, pos, pos + size, visitor, pathCache, warnings);
      pos += size;
    }
  }
}
