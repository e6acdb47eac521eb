import { readFile } from 'node:fs/promises';
import { describe, expect, test } from 'vitest';
import { Hive, RegistryError, openHive } from '../src/index.js';
import { CORPUS } from './support/corpus.js';
import { HAVE_SAMPLES, NO_SAMPLES_REASON, sample } from './support/shared.js';

function count(hive: Hive): { keys: number; values: number; keyWarnings: number } {
  let keys = 0;
  let values = 0;
  let keyWarnings = 0;
  for (const k of hive.walk()) {
    keys++;
    values += k.values.length;
    keyWarnings += k.warnings.length;
  }
  return { keys, values, keyWarnings };
}

describe.skipIf(!HAVE_SAMPLES)(`corpus${HAVE_SAMPLES ? '' : ` (${NO_SAMPLES_REASON})`}`, () => {
  for (const entry of CORPUS) {
    test(`${entry.path}: type ${entry.type}, dirty=${entry.dirty}`, async () => {
      const hive = await openHive(sample(entry.path));
      expect(hive.type).toBe(entry.type);
      expect(hive.dirty).toBe(entry.dirty);
      if (entry.dirty) expect(hive.replay.message).toMatch(/DIRTY .*no transaction logs were given/);
    });
  }

  test('a PE file named like a hive is refused with RegistryError', async () => {
    const err = await openHive(sample('EricZimmerman-Registry/NotAHive')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RegistryError);
    expect((err as RegistryError).structure).toBe('base block');
    expect((err as RegistryError).offset).toBe(0);
  });

  test('a transaction log opened as a hive is refused', async () => {
    await expect(openHive(sample('regipy/SYSTEM_B.LOG1'))).rejects.toThrow(/transaction log/);
  });

  // Damaged files that neither regfexport nor hivex can read: expected counts are what a full
  // walk reaches, with the damage reported as warnings rather than thrown.
  test('TruncatedHive: the bins that survive are read and the missing ones reported', async () => {
    const hive = await openHive(sample('yarp/TruncatedHive'));
    const c = count(hive);
    expect(c).toEqual({ keys: 2, values: 0, keyWarnings: 9 });
    expect(hive.baseBlock.hiveBinsDataSize).toBeGreaterThan(hive.data.length - 4096);
  });

  test('SAMBadHBinHeader: a bad bin header does not stop the walk (regfexport stops after the root)', async () => {
    const hive = await openHive(sample('EricZimmerman-Registry/SAMBadHBinHeader'));
    expect(count(hive)).toEqual({ keys: 68, values: 73, keyWarnings: 0 });
    expect(hive.getKey('SAM\\Domains\\Account\\Users\\Names')).not.toBeNull();
  });

  test('corrupt_sub_key_list.hiv: the bad list is a warning, the other keys are read (regfexport stops at 9)', async () => {
    const hive = await openHive(sample('plaso/corrupt_sub_key_list.hiv'));
    expect(count(hive)).toEqual({ keys: 100, values: 99, keyWarnings: 0 });
    expect(hive.warnings.length).toBe(1);
  });

  test('corrupted_system_hive: damaged cells become per-key warnings (regfexport and hivex refuse it)', async () => {
    const hive = await openHive(sample('regipy/corrupted_system_hive'));
    const c = count(hive);
    expect(c.keys).toBe(1687);
    expect(c.values).toBe(5625);
    expect(c.keyWarnings).toBeGreaterThan(0);
    expect(hive.warnings.length).toBeGreaterThan(0);
    for (const w of hive.warnings) expect(w.offset).toBeGreaterThanOrEqual(-1);
  });

  test('NT 3.1 SOFTWARE (format 1.1, 8-byte cell headers) is read in full', async () => {
    const hive = await openHive(sample('regf-samples/SOFTWARE'));
    expect(hive.baseBlock.minorVersion).toBe(1);
    expect(count(hive)).toEqual({ keys: 203, values: 482, keyWarnings: 0 });
    expect(hive.getKey('microsoft')?.name).toBe('Microsoft');
  });

  test('getKey is case-insensitive, with or without the root name, and keeps stored spelling', async () => {
    const hive = await openHive(sample('regipy/SAM'));
    const a = hive.getKey('sam\\DOMAINS\\account');
    const b = hive.getKey(`${hive.rootName.toLowerCase()}\\SAM\\Domains\\Account`);
    expect(a?.path).toBe(`${hive.rootName}\\SAM\\Domains\\Account`);
    expect(b?.offset).toBe(a?.offset);
    expect(hive.getKey('')?.path).toBe(hive.rootName);
    expect(hive.getKey('SAM\\NoSuchKey')).toBeNull();
    expect(hive.subkeys('SAM\\Domains').map((k) => k.name)).toEqual(['Account', 'Builtin']);
  });

  test('walk is depth-first pre-order: every key comes after its parent', async () => {
    const hive = await openHive(sample('regipy/NTUSER.DAT'));
    const seen = new Set<string>();
    for (const k of hive.walk()) {
      const parent = k.path.slice(0, k.path.lastIndexOf('\\'));
      if (k.path !== hive.rootName) expect(seen.has(parent)).toBe(true);
      seen.add(k.path);
      expect(k.deleted).toBe(false);
    }
  });

  test('security descriptors are summarised with owner and DACL', async () => {
    const hive = await openHive(sample('regipy/SAM'));
    const root = hive.getKey('')!;
    expect(root.security?.owner).toMatch(/^S-1-5-/);
    expect(root.security?.dacl?.length).toBeGreaterThan(0);
    for (const ace of root.security!.dacl!) expect(ace.sid).toMatch(/^S-1-/);
  });

  test('last-write times are ISO-8601 UTC with 100 ns digits', async () => {
    const hive = await openHive(await readFile(sample('plaso/NTUSER-WIN7.DAT')));
    for (const k of hive.walk()) if (k.lastWrite !== null) expect(k.lastWrite).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{7}Z$/);
  });
});
