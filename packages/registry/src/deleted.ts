import { type RegistryWarning, asWarning } from './errors.js';
import type { Reader } from './reader.js';
import { BASE_BLOCK_SIZE } from './base-block.js';
import type { Cell } from './cell.js';
import { filetimePartsToIso } from './filetime.js';
import { KeyFlags, parseKeyNodeCell, readKeyNode, type KeyNode } from './key-node.js';
import { parseKeyValueCell, valueName } from './key-value.js';
import { listHiveBins } from './hive-bins.js';
import { buildKey, buildValue, type BuildContext } from './key-builder.js';
import { MAX_DEPTH } from './walk.js';
import type { RegistryKey, RegistryValue } from './types.js';

export const ORPHAN_PREFIX = '<orphan>';
/** Limits beyond which a record found in free space is taken for noise (Windows caps names at 255 chars / 16383 for values). */
const MAX_KEY_NAME_BYTES = 512;
const MAX_VALUE_NAME_BYTES = 32767;
const MAX_PLAUSIBLE_COUNT = 1 << 20;

interface Candidate {
  kind: 'nk' | 'vk';
  cell: Cell;
}

/** Free cells may hold several old records after merging; each is found at an 8-byte boundary with its own size. */
function* candidatesInFreeCell(r: Reader, start: number, end: number): Generator<Candidate> {
  const b = r.buf;
  const h = r.cellHeader;
  for (let q = start; q + h + 8 <= end; q += 8) {
    const c0 = b[q + h];
    const c1 = b[q + h + 1];
    const isNk = c0 === 0x6e && c1 === 0x6b;
    const isVk = c0 === 0x76 && c1 === 0x6b;
    if (!isNk && !isVk) continue;
    const size = Math.abs(b.readInt32LE(q));
    if (size < (isNk ? 80 : 24) || q + size > end) continue;
    yield { kind: isNk ? 'nk' : 'vk', cell: { offset: q - BASE_BLOCK_SIZE, dataStart: q + h, dataLength: size - h, allocated: false } };
  }
}

function plausibleKey(nk: KeyNode): boolean {
  return (
    nk.name.length > 0 &&
    nk.name.length <= MAX_KEY_NAME_BYTES &&
    !nk.name.includes('\uFFFD') &&
    filetimePartsToIso(nk.lastWrittenLow, nk.lastWrittenHigh) !== null &&
    nk.subkeyCount < MAX_PLAUSIBLE_COUNT &&
    nk.valueCount < MAX_PLAUSIBLE_COUNT
  );
}

/** Rebuilds the path of a deleted key from parent links; a chain that breaks is marked as orphaned. */
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

export interface DeletedEntries {
  keys: RegistryKey[];
  /** Deleted values not reachable from any recovered key. */
  orphanValues: RegistryValue[];
}

/**
 * Scans unallocated cells for key nodes and values. Everything found is flagged deleted; anything
 * a recovered record points at that is now allocated belongs to live data and is not used.
 */
export function recoverDeleted(ctx: BuildContext, hiveBinsDataSize: number, warnings: RegistryWarning[]): DeletedEntries {
  const r = ctx.r;
  const keys: RegistryKey[] = [];
  const valueCells: Cell[] = [];
  const claimed = new Set<number>();
  const pathCache = new Map<number, string>();
  for (const bin of listHiveBins(r, hiveBinsDataSize, [])) {
    let pos = bin.start + 32;
    while (pos + 4 <= bin.end) {
      const raw = r.buf.readInt32LE(pos);
      const size = Math.abs(raw);
      if (size < 8 || size % 8 !== 0 || pos + size > bin.end) break;
      if (raw > 0) {
        for (const cand of candidatesInFreeCell(r, pos, pos + size)) {
          if (cand.kind === 'vk') {
            valueCells.push(cand.cell);
            continue;
          }
          try {
            const nk = parseKeyNodeCell(r, cand.cell);
            if (!plausibleKey(nk)) continue;
            const path = `${parentPath(r, nk.parent, pathCache)}\\${nk.name}`;
            const key = buildKey(ctx, nk, path, true, []);
            for (const v of key.values) claimed.add(v.offset);
            keys.push(key);
          } catch (err) {
            warnings.push(asWarning(err));
          }
        }
      }
      pos += size;
    }
  }
  const orphanValues: RegistryValue[] = [];
  for (const cell of valueCells) {
    if (claimed.has(cell.offset)) continue;
    try {
      const vk = parseKeyValueCell(r, cell);
      const name = valueName(r, vk);
      if (name.length > MAX_VALUE_NAME_BYTES || name.includes('\uFFFD') || (vk.inline && vk.dataSize > 4)) continue;
      const v = buildValue(ctx, cell.offset, true, []);
      if (v) orphanValues.push(v);
    } catch {
      // Noise that happens to contain "vk" is expected in free space.
    }
  }
  return { keys, orphanValues };
}
