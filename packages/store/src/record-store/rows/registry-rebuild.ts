import type { HiveRef } from '@quarry/insights';
import type { Hive, RegistryKey } from '@quarry/registry';
import { decodeTagged, encodeTagged } from '../codec.js';
import { restoreRaw } from './registry-payload.js';
import { openStoredHive, placeableBytes, storeHiveBytes, type HivePieces } from './registry-place.js';
import type { RegistryPayload } from './registry-shape.js';
import type { RecordRebuild, StoredTables, WriteContext } from './shape.js';

/**
 * What the store keeps of a hive (HiveRef without the opened hive, plus its base block), and where
 * its bytes are when its keys are kept as their place in them (registry-place.ts; absent before format 8).
 */
type StoredHive = Omit<HiveRef, 'hive' | 'input'> & { input: number; baseBlock: Hive['baseBlock']; pieces?: HivePieces };

/**
 * A hive as the shared-values table keeps it: everything of the HiveRef but the opened hive
 * itself, whose base block is all analyzers read of it; its bytes go to the chunks table.
 */
export function storedHive(hive: HiveRef, ctx: WriteContext): string {
  const { hive: opened, ...rest } = hive;
  const bytes = placeableBytes(hive);
  const stored: StoredHive = { ...rest, input: hive.input.position, baseBlock: opened.baseBlock };
  if (bytes) stored.pieces = storeHiveBytes(bytes, ctx);
  return encodeTagged(stored);
}

/**
 * Registry records from their payload: the key's JSON, or its place in its stored hive. What is
 * lost: `hive.hive` is a stand-in carrying only `baseBlock` (and empty `warnings`), so nothing
 * can look other keys up through it. One HiveRef object per hive, as the pipeline hands them
 * (analyzers key maps by it). records() reads a hive's keys one after another, so only the last
 * hive's bytes are kept open.
 */
export function registryRebuild(tables: StoredTables): RecordRebuild<'registry'> {
  const hives = new Map<number, { ref: HiveRef; pieces: HivePieces | undefined }>();
  let open: { id: number; hive: Hive } | undefined;
  const hiveOf = (id: number) => {
    let hive = hives.get(id);
    if (!hive) {
      const text = tables.shared(id);
      if (text === undefined) throw new Error(`record store has no hive ${id}`);
      const { baseBlock, input, pieces, ...rest } = decodeTagged<StoredHive>(text);
      const detached = { baseBlock, originalBaseBlock: baseBlock, warnings: [] } as unknown as Hive;
      hive = { ref: { ...rest, input: tables.inputs.get(input)!, hive: detached }, pieces };
      hives.set(id, hive);
    }
    return hive;
  };
  const keyAt = (id: number, offset: number, path: string): RegistryKey => {
    if (open?.id !== id) {
      const { pieces } = hiveOf(id);
      if (!pieces) throw new Error(`record store keeps no bytes of hive ${id}`);
      open = { id, hive: openStoredHive(tables, pieces) };
    }
    return open.hive.keyAt(offset, path);
  };
  return {
    record(payload) {
      const p = payload as RegistryPayload;
      const { ref } = hiveOf(p.h);
      return { hive: ref, key: 'k' in p ? restoreRaw(p.k as RegistryKey) : keyAt(p.h, p.o, p.p) };
    },
  };
}
