import type { RegistryWarning } from './errors.js';
import type { Cell } from './cell.js';
import { parseKeyValueCell, valueName } from './key-value.js';
import { buildKey, buildValue, type BuildContext } from './key-builder.js';
import { scanDeleted } from './deleted-scan.js';
import type { RegistryKey, RegistryValue } from './types.js';

/** Windows caps value names at 16383 characters; longer ones in free space are noise. */
const MAX_VALUE_NAME_BYTES = 32767;

export interface DeletedEntries {
  keys: RegistryKey[];
  /** Deleted values not reachable from any recovered key. */
  orphanValues: RegistryValue[];
}

/**
 * Keys recovered from unallocated cells, flagged deleted; anything a recovered record points at that
 * is now allocated belongs to live data and is not used (see buildKey/buildValue).
 */
export function recoverDeletedKeys(ctx: BuildContext, hiveBinsDataSize: number, warnings: RegistryWarning[]): RegistryKey[] {
  const keys: RegistryKey[] = [];
  scanDeleted(ctx.r, hiveBinsDataSize, warnings, { key: (nk, path) => keys.push(buildKey(ctx, nk, path, true, [])) });
  return keys;
}

/** recoverDeletedKeys plus the deleted values that no recovered key lists. */
export function recoverDeleted(ctx: BuildContext, hiveBinsDataSize: number, warnings: RegistryWarning[]): DeletedEntries {
  const r = ctx.r;
  const keys: RegistryKey[] = [];
  const valueCells: Cell[] = [];
  const claimed = new Set<number>();
  scanDeleted(r, hiveBinsDataSize, warnings, {
    key(nk, path) {
      const key = buildKey(ctx, nk, path, true, []);
      for (const v of key.values) claimed.add(v.offset);
      keys.push(key);
    },
    valueCell: (cell) => valueCells.push(cell),
  });
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
