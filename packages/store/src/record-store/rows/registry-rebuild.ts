import type { HiveRef } from '@quarry/insights';
import type { Hive, RegistryKey } from '@quarry/registry';
import { decodeTagged, encodeTagged } from '../codec.js';
import { restoreRaw } from './registry-payload.js';
import type { RegistryPayload } from './registry-shape.js';
import type { RecordRebuild, StoredTables } from './shape.js';

/** What the store keeps of a hive (HiveRef without the opened hive, plus its base block). */
type StoredHive = Omit<HiveRef, 'hive' | 'input'> & { input: number; baseBlock: Hive['baseBlock'] };

/** A hive as the shared-values table keeps it: everything of the HiveRef but the opened hive itself, whose base block is all analyzers read of it. */
export function storedHive(hive: HiveRef): string {
  const { hive: opened, ...rest } = hive;
  return encodeTagged({ ...rest, input: hive.input.position, baseBlock: opened.baseBlock } satisfies StoredHive);
}

/**
 * Registry records from their payload. What is lost: `hive.hive` is a stand-in carrying only
 * `baseBlock` (and empty `warnings`) — the hive's bytes are not kept, so nothing can look other
 * keys up through it. One HiveRef object per hive, as the pipeline hands them (analyzers key maps by it).
 */
export function registryRebuild(tables: StoredTables): RecordRebuild<'registry'> {
  const hives = new Map<number, HiveRef>();
  const hiveOf = (id: number): HiveRef => {
    let ref = hives.get(id);
    if (!ref) {
      const text = tables.shared(id);
      if (text === undefined) throw new Error(`record store has no hive ${id}`);
      const { baseBlock, input, ...rest } = decodeTagged<StoredHive>(text);
      const detached = { baseBlock, originalBaseBlock: baseBlock, warnings: [] } as unknown as Hive;
      ref = { ...rest, input: tables.inputs.get(input)!, hive: detached };
      hives.set(id, ref);
    }
    return ref;
  };
  return {
    record(payload) {
      const p = payload as RegistryPayload;
      return { hive: hiveOf(p.h), key: restoreRaw(p.k as RegistryKey) };
    },
  };
}
