import { readFile } from 'node:fs/promises';
import { zipSync } from 'fflate';
import { describe, expect, test } from 'vitest';
import { RegistryError, isZip, keyToJson, openHive, openZip, type Hive } from '../src/index.js';
import { HAVE_SAMPLES, NO_SAMPLES_REASON, sample } from './support/shared.js';

function dump(hive: Hive): string[] {
  return [...hive.walk()].map((k) => JSON.stringify(keyToJson(k)));
}

describe.skipIf(!HAVE_SAMPLES)(`zip input${HAVE_SAMPLES ? '' : ` (${NO_SAMPLES_REASON})`}`, () => {
  test('hives and logs in one archive are matched by name (any case) and by content', async () => {
    const file = async (rel: string): Promise<Uint8Array> => new Uint8Array(await readFile(sample(rel)));
    const archive = Buffer.from(
      zipSync({
        'case/NTUSER.DAT': await file('regipy/transactions_NTUSER.DAT'),
        'case/ntuser.dat.LOG1': await file('regipy/transactions_ntuser.dat.log1'),
        'case/NtUser.Dat.log2': await file('regipy/transactions_ntuser.dat.log2'),
        // A renamed log still finds its hive through the file name both base blocks record.
        'other/NewDirtyHive': await file('yarp/NewDirtyHive'),
        'other/first.bin': await file('yarp/NewDirtyHive.LOG1'),
        'other/second.bin': await file('yarp/NewDirtyHive.LOG2'),
        'other/SAM': await file('regipy/SAM'),
        'readme.txt': new TextEncoder().encode('not a hive'),
      }),
    );
    expect(isZip(archive)).toBe(true);
    const contents = await openZip(archive);
    const byName = new Map(contents.hives.map((h) => [h.name, h]));
    expect([...byName.keys()].sort()).toEqual(['case/NTUSER.DAT', 'other/NewDirtyHive', 'other/SAM']);
    expect(byName.get('case/NTUSER.DAT')!.logs).toEqual(['case/ntuser.dat.LOG1', 'case/NtUser.Dat.log2']);
    expect(byName.get('other/NewDirtyHive')!.logs).toEqual(['other/first.bin', 'other/second.bin']);
    expect(byName.get('other/SAM')!.logs).toEqual([]);
    expect(contents.skipped).toEqual([{ name: 'readme.txt', reason: 'not a registry file' }]);

    const direct = await openHive(sample('regipy/transactions_NTUSER.DAT'), {
      logs: [sample('regipy/transactions_ntuser.dat.log1'), sample('regipy/transactions_ntuser.dat.log2')],
    });
    const zipped = byName.get('case/NTUSER.DAT')!.hive!;
    expect(zipped.replay.applied).toBe(true);
    expect(dump(zipped)).toEqual(dump(direct));
    expect(byName.get('other/NewDirtyHive')!.hive!.replay.appliedSequences).toEqual([2, 3, 4, 5]);
  });

  test('a damaged archive is a RegistryError', async () => {
    const archive = Buffer.from(zipSync({ SAM: new Uint8Array(await readFile(sample('regipy/SAM'))) }));
    await expect(openZip(archive.subarray(0, archive.length - 30))).rejects.toBeInstanceOf(RegistryError);
  });
});
