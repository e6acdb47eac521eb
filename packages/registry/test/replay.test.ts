import { readFile } from 'node:fs/promises';
import { describe, expect, test } from 'vitest';
import { Hive, findLogs, keyToJson, openHive, type LogInput } from '../src/index.js';
import { readNewLogEntries } from '../src/log-new-format.js';
import { CORPUS } from './support/corpus.js';
import { HAVE_SAMPLES, NO_SAMPLES_REASON, sample } from './support/shared.js';

async function log(rel: string): Promise<LogInput> {
  return { name: rel.split('/').pop()!, data: await readFile(sample(rel)) };
}

function dump(hive: Hive): string[] {
  return [...hive.walk({ deleted: true })].map((k) => JSON.stringify(keyToJson(k)));
}

/** Offset of the n-th HvLE entry in a log, for targeted damage. */
function entryAt(data: Buffer, n: number): number {
  return readNewLogEntries(data).entries[n]!.at;
}

describe.skipIf(!HAVE_SAMPLES)(`transaction log replay${HAVE_SAMPLES ? '' : ` (${NO_SAMPLES_REASON})`}`, () => {
  test('every HvLE entry in the corpus passes both Marvin32 hashes', async () => {
    const logs = CORPUS.flatMap((c) => c.logs);
    let entries = 0;
    for (const rel of logs) {
      const data = await readFile(sample(rel));
      if (data.readUInt32LE(28) !== 6) continue;
      const read = readNewLogEntries(data);
      expect(read.stopped, rel).toBeNull();
      entries += read.entries.length;
    }
    expect(entries).toBe(1 + 1 + 3 + 4 + 20 + 23 + 1 + 4 + 10 + 7 + 2);
  });

  for (const entry of CORPUS.filter((c) => c.dirty && c.logs.length > 0)) {
    test(`${entry.path}: dirty hive replayed from ${entry.logs.length} log(s)`, async () => {
      const hive = await openHive(sample(entry.path), { logs: entry.logs.map(sample) });
      expect(hive.replay.dirty).toBe(true);
      expect(hive.replay.applied).toBe(true);
      expect(hive.replay.pagesWritten).toBeGreaterThan(0);
      expect(hive.baseBlock.checksumValid).toBe(true);
      expect(hive.baseBlock.sequenceMatch).toBe(true);
      const seqs = hive.replay.appliedSequences;
      for (let i = 1; i < seqs.length; i++) expect(seqs[i]).toBe(seqs[i - 1]! + 1);
      expect([...hive.walk()].length).toBeGreaterThan(0);
    });
  }

  test('new format: entries from the secondary sequence number on, across LOG1 and LOG2 in sequence order', async () => {
    const amcache = await openHive(sample('DFIRArtifactMuseum/Amcache_Win11_RathbunVM/Amcache.hve'), {
      logs: [sample('DFIRArtifactMuseum/Amcache_Win11_RathbunVM/Amcache.hve.LOG1'), sample('DFIRArtifactMuseum/Amcache_Win11_RathbunVM/Amcache.hve.LOG2')],
    });
    // LOG2 holds 68-69 and LOG1 70-76: the order comes from the sequence numbers, not the names.
    expect(amcache.replay.appliedSequences).toEqual([68, 69, 70, 71, 72, 73, 74, 75, 76]);
    const yarp = await openHive(sample('yarp/NewDirtyHive'), { logs: [sample('yarp/NewDirtyHive.LOG1'), sample('yarp/NewDirtyHive.LOG2')] });
    // Sequence numbers 3/2: the write of entry 2 may not have completed, so it is replayed too.
    expect(yarp.replay.appliedSequences).toEqual([2, 3, 4, 5]);
    expect(yarp.replay.logs.map((l) => l.applied)).toEqual([[2], [3, 4, 5]]);
  });

  test('lower-case log names are found beside a mixed-case hive', async () => {
    const logs = await findLogs(sample('regipy/transactions_NTUSER.DAT'));
    expect(logs.map((l) => l.split('/').pop())).toEqual(['transactions_ntuser.dat.log1', 'transactions_ntuser.dat.log2']);
    const hive = await openHive(sample('regipy/transactions_NTUSER.DAT'), { logs });
    expect(hive.replay.appliedSequences[0]).toBe(566);
    expect(hive.replay.appliedSequences.at(-1)).toBe(588);
    // Entry 566 carries the data cell of this value; without it the cell is too short.
    for (const k of hive.walk()) for (const v of k.values) expect(v.warnings).toEqual([]);
  });

  test('a bad hash stops replay at that entry; later entries are not applied', async () => {
    const log1 = await log('regipy/SYSTEM_B.LOG1');
    const log2 = await log('regipy/SYSTEM_B.LOG2');
    const damaged = Buffer.from(log2.data);
    const at = entryAt(damaged, 2);
    damaged[at + damaged.readUInt32LE(at + 4) - 1]! ^= 0xff;
    const hive = new Hive(await readFile(sample('regipy/SYSTEM_B')), [log1, { name: log2.name, data: damaged }]);
    expect(hive.replay.appliedSequences).toEqual([2107, 2108, 2109, 2110, 2111, 2112]);
    expect(hive.replay.logs[1]!.problem).toMatch(/hash-1 mismatch/);
  });

  test('a gap in the sequence stops replay even when a later log continues', async () => {
    const log1 = await log('regipy/SYSTEM_B.LOG1');
    const log2 = await log('regipy/SYSTEM_B.LOG2');
    const damaged = Buffer.from(log1.data);
    damaged[entryAt(damaged, 2) + 32]! ^= 0x01; // hash-2 of entry 2109
    const hive = new Hive(await readFile(sample('regipy/SYSTEM_B')), [{ name: log1.name, data: damaged }, log2]);
    expect(hive.replay.appliedSequences).toEqual([2107, 2108]);
    expect(hive.replay.logs[0]!.problem).toMatch(/hash-2 mismatch/);
  });

  test('old format: a bad base block is recovered from the log, giving the same hive as the clean copy', async () => {
    const bad = await openHive(sample('yarp/BadBaseBlockHive'), { logs: [sample('yarp/BadBaseBlockHive.LOG1')] });
    expect(bad.replay.reasons).toContain('bad checksum');
    expect(bad.replay.baseBlockRecoveredFrom).toBe('BadBaseBlockHive.LOG1');
    expect(bad.replay.applied).toBe(true);
    const good = await openHive(sample('yarp/OldDirtyHive'), { logs: [sample('yarp/OldDirtyHive.LOG1')] });
    expect(dump(bad)).toEqual(dump(good));
    // The replay changes what the hive holds.
    expect(dump(good)).not.toEqual(dump(await openHive(sample('yarp/OldDirtyHive'))));
  });

  test('a clean hive ignores its logs; a log for another hive is not applied', async () => {
    const clean = await openHive(sample('dfwinreg/NTUSER.DAT'), { logs: [sample('dfwinreg/NTUSER.DAT.LOG')] });
    expect(clean.replay).toMatchObject({ dirty: false, applied: false, message: 'hive is clean; transaction logs ignored' });
    const wrong = await openHive(sample('yarp/OldDirtyHive'), { logs: [sample('plaso/ntuser.dat.LOG')] });
    expect(wrong.replay.applied).toBe(false);
    expect(wrong.replay.message).toMatch(/DIRTY .*none of the 1 given logs could be applied/);
    expect(wrong.replay.logs[0]!.problem).toMatch(/timestamp does not match/);
  });

  test('garbage given as a log is reported, not thrown', async () => {
    const hive = await openHive(sample('yarp/NewDirtyHive'), { logs: [{ name: 'junk', data: Buffer.alloc(100, 7) }] });
    expect(hive.replay.logs[0]).toMatchObject({ format: 'invalid' });
    expect(hive.replay.applied).toBe(false);
  });
});
