import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { Hive, keyToJsonLine, openHive } from '../src/index.js';
import { JsonlDump } from '../src/dump-jsonl.js';
import { OutputSink } from '../src/output-sink.js';
import { CORPUS } from './support/corpus.js';
import { HAVE_SAMPLES, NO_SAMPLES_REASON, sample } from './support/shared.js';

const dir = HAVE_SAMPLES ? mkdtempSync(join(tmpdir(), 'quarry-reg-jsonl-')) : '';
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** What JsonlDump writes for a hive, through a real file descriptor as the CLI does. */
function dump(hive: Hive, member?: string): string {
  const file = join(dir, 'out.jsonl');
  const fd = openSync(file, 'w');
  try {
    const sink = new OutputSink(fd);
    new JsonlDump(hive, sink, member).run(true);
    sink.flush();
  } finally {
    closeSync(fd);
  }
  return readFileSync(file, 'utf8');
}

function apiLines(hive: Hive, member?: string): string {
  return [...hive.walk({ deleted: true })].map((k) => `${keyToJsonLine(k, member)}\n`).join('');
}

/** Deleted keys of the corpus hives that have them as stored; SYSTEM_B loses all of them to its logs. */
const DELETED_AS_STORED: Record<string, number> = {
  'regipy/SYSTEM_B': 1504,
  'regipy/UsrClass.dat': 94,
  'plaso/NTUSER-WIN7.DAT': 82,
  'regipy/corrupted_system_hive': 55,
};

// Deleted keys are written from the bytes with buildKey/buildValue's rules (value lists, value cells
// and data cells now allocated to live data are not used); between them, these hives trigger each
// rule and each error fallback.
describe.skipIf(!HAVE_SAMPLES)(`JsonlDump${HAVE_SAMPLES ? '' : ` (${NO_SAMPLES_REASON})`}`, () => {
  for (const entry of CORPUS) {
    for (const logs of entry.logs.length > 0 ? [[], entry.logs] : [[]]) {
      test(`${entry.path}${logs.length > 0 ? ' + logs' : ''}: byte-identical to keyToJsonLine over walk({ deleted: true })`, async () => {
        const open = (): Promise<Hive> => openHive(sample(entry.path), { logs: logs.map(sample) });
        const [forDump, forApi] = [await open(), await open()];
        expect(dump(forDump, 'member')).toBe(apiLines(forApi, 'member'));
        expect(forDump.warnings).toEqual(forApi.warnings);
        if (logs.length === 0 && entry.path in DELETED_AS_STORED) {
          expect([...forApi.walk({ deleted: true })].filter((k) => k.deleted).length).toBe(DELETED_AS_STORED[entry.path]);
        }
      });
    }
  }

  test('a deleted key whose value list is now allocated prints no values, even values whose cells are free', () => {
    // In the corpus such lists name only live (allocated) values, which are skipped anyway; freeing
    // one of them leaves the list rule alone to keep it out.
    const data = Buffer.from(readFileSync(sample('regipy/UsrClass.dat')));
    const firstValueCell = (nkOffset: number): number => 4096 + data.readUInt32LE(4096 + data.readUInt32LE(4096 + nkOffset + 4 + 40) + 4);
    const key = new Hive(data).recoverDeleted().keys.find((k) => {
      if (!k.warnings.some((w) => w.message.startsWith('value list of a deleted key'))) return false;
      const vk = firstValueCell(k.offset);
      return data.readInt32LE(vk) < 0 && data.toString('latin1', vk + 4, vk + 6) === 'vk';
    })!;
    const vkCell = firstValueCell(key.offset);
    data.writeInt32LE(-data.readInt32LE(vkCell), vkCell);
    const [forDump, forApi] = [new Hive(data), new Hive(data)];
    expect([...forApi.walk({ deleted: true })].find((k) => k.deleted && k.offset === key.offset)!.values).toEqual([]);
    expect(dump(forDump)).toBe(apiLines(forApi));
  });
});
