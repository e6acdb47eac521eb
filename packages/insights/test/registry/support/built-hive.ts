import type { HiveType, ValueData } from '@quarry/registry';
import { HiveKeys } from '../../../src/registry/store/hive-keys.js';
import type { SlimKey } from '../../../src/registry/store/slim-key.js';

/** A key for a hive built in a test: relative path, then its values (typeCode is not read by the decoders under test). */
export interface BuiltKey {
  path: string;
  values?: Record<string, ValueData>;
  lastWrite?: string;
  deleted?: boolean;
}

/**
 * The kept keys of a hive made up by a test from a documented layout, for the structures no public
 * sample hive holds. Keys go straight into the analyzers' store, as the key walk would put them.
 */
export function builtHive(type: HiveType, keys: BuiltKey[]): HiveKeys {
  const hive = new HiveKeys({
    input: { position: 0, fileId: '00000000-0000-4000-8000-000000000000', name: 'built', size: 0, sha256: '' },
    name: 'built',
    member: null,
    type,
    embeddedName: '',
    dirtyWithoutLogs: false,
  });
  for (const k of keys) {
    const key: SlimKey = {
      path: k.path,
      name: k.path.slice(k.path.lastIndexOf('\\') + 1),
      lastWrite: k.lastWrite ?? '2020-01-01T00:00:00.0000000Z',
      deleted: k.deleted ?? false,
      values: Object.entries(k.values ?? {}).map(([name, data]) => ({
        name,
        typeCode: Buffer.isBuffer(data) ? 3 : typeof data === 'string' ? 1 : 4,
        data,
        deleted: false,
      })),
    };
    hive.add(key);
  }
  return hive;
}

/** A FILETIME's 8 bytes for an ISO time (100 ns since 1601). */
export function filetimeBytes(iso: string): Buffer {
  const b = Buffer.alloc(8);
  b.writeBigUInt64LE(BigInt(Date.parse(iso)) * 10_000n + 116_444_736_000_000_000n);
  return b;
}
