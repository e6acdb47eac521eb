import { readFileSync } from 'node:fs';
import { zipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { runPipeline, type Insight, type PipelineInput } from '../../src/index.js';
import { HAVE_SAMPLES, NO_SAMPLES, samplePath } from '../support/inputs.js';
import { registryJob } from './support/run-registry.js';

const RESULT_TYPES = ['Persistence', 'User Activity', 'System Configuration', 'Authentication Data', 'Network Artifacts', 'Application Data'];

/** Member path in the zip → sample file: nested folders and mixed-case log names, as a collection tool would write them. */
const MEMBERS: Record<string, string> = {
  'C/Windows/System32/config/SYSTEM': 'regipy/SYSTEM_B',
  'C/Windows/System32/config/system.LOG1': 'regipy/SYSTEM_B.LOG1',
  'C/Windows/System32/config/SYSTEM.log2': 'regipy/SYSTEM_B.LOG2',
  'C/Windows/System32/config/SAM': 'regipy/SAM',
  'C/Users/nfury/NTUSER.DAT': 'plaso/NTUSER-WIN7.DAT',
  'C/Users/jcloudy/AppData/Local/Microsoft/Windows/UsrClass.dat': 'EricZimmerman-Registry/UsrClassDeletedBags.dat',
};

function zipInput(): PipelineInput {
  const files = Object.fromEntries(Object.entries(MEMBERS).map(([m, rel]) => [m, readFileSync(samplePath(`registry/${rel}`))]));
  // Stored, not deflated: the test is about reading members, and it stays fast.
  const zip = Buffer.from(zipSync(files, { level: 0 }));
  return {
    ref: { position: 0, fileId: '00000000-0000-4000-8000-000000000000', name: 'collection.zip', size: zip.length, sha256: 'x' },
    open: async function* () {
      yield zip;
    },
  };
}

const tables = (insights: Insight[]): Map<string, string[][]> =>
  new Map(insights.flatMap((i) => ('Table' in i ? [[i.Table.title, i.Table.data] as [string, string[][]]] : [])));

describe.skipIf(!HAVE_SAMPLES)(`registry zip input ${HAVE_SAMPLES ? '' : NO_SAMPLES}`, () => {
  let one: Insight[];
  let zipped: Insight[];
  beforeAll(async () => {
    one = await registryJob([
      'regipy/SYSTEM_B',
      'regipy/SYSTEM_B.LOG1',
      'regipy/SYSTEM_B.LOG2',
      'regipy/SAM',
      'plaso/NTUSER-WIN7.DAT',
      'EricZimmerman-Registry/UsrClassDeletedBags.dat',
    ]);
    zipped = await runPipeline({ category: 'registry', inputs: [zipInput()], options: { runSigmaRules: false }, threads: 1 });
  });

  it('gives the same rows as the hives uploaded one by one, plus the owner of a user hive from its folder', () => {
    const a = tables(one);
    const b = tables(zipped);
    expect([...b.keys()]).toEqual([...a.keys()]);
    const hiveOf = new Map(Object.entries(MEMBERS).map(([m, rel]) => [`collection.zip!${m}`, rel.split('/').pop()!]));
    for (const [title, rows] of a) {
      const head = rows[0]!;
      const hiveCol = head.indexOf('Hive');
      const userCol = head.indexOf('User');
      const norm = (r: string[]): string[] => r.map((c, i) => (i === hiveCol ? (hiveOf.get(c) ?? c) : i === userCol ? '' : c));
      const zipRows = b.get(title)!;
      expect(zipRows.map(norm), title).toEqual(rows.map(norm));
    }
    // The join only the zip allows: UsrClass.dat's embedded name does not say whose it is; its folder does.
    const usersOf = (rows: string[][]): Set<string> =>
      new Set(
        rows
          .slice(1)
          .filter((r) => /UsrClass/.test(r[rows[0]!.indexOf('Hive')]!))
          .map((r) => r[0]!),
      );
    expect(usersOf(b.get('User Activity: ShellBags')!)).toEqual(new Set(['jcloudy']));
    expect(usersOf(a.get('User Activity: ShellBags')!)).toEqual(new Set(['']));
  });

  it('replays the zip member logs (mixed-case names) like the uploaded ones: no stale-hive note', () => {
    expect(tables(zipped).has('Persistence: Notes')).toBe(false);
    expect(tables(one).has('Persistence: Notes')).toBe(false);
  });

  it('always has every result type, in spec order, after the file metadata', async () => {
    const titles = (await registryJob(['regipy/SAM'])).map((i) => ('Table' in i ? i.Table.title : 'Metadata' in i ? 'Metadata' : '?'));
    expect(titles[0]).toBe('Metadata');
    expect(titles.filter((t) => RESULT_TYPES.includes(t))).toEqual(RESULT_TYPES);
  });

  it('flags keys recovered from free space as deleted', () => {
    const bags = tables(one).get('User Activity: ShellBags')!;
    const col = bags[0]!.indexOf('Deleted');
    expect(bags.slice(1).filter((r) => r[col] === 'yes').length).toBeGreaterThan(0);
  });
});
