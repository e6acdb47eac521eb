import { readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runPipeline, UnusableInputError } from '@quarry/insights';
import { LocalFiles } from '@quarry/storage';
import { RecordStoreError, RecordStores } from '../../src/index.js';
import { buildStore, HAVE_SAMPLES, inputsOf, NO_SAMPLES, tempDir } from './support.js';

const CHROME = 'evtx/EVTX-ATTACK-SAMPLES/CA_4624_4625_LogonType2_LogonProc_chrome.evtx';
const KEY = Buffer.alloc(32, 0x11);
const OTHER_KEY = Buffer.alloc(32, 0x22);
/** Event-data values of the sample (its ProcessName and TargetUserName), as they would appear in plaintext. */
const SECRETS = ['Google\\Chrome\\Application\\chrome.exe', 'IEUser', 'MSEDGEWIN10'];

const code = async (f: () => Promise<unknown>): Promise<string> => {
  try {
    await f();
    return 'no error';
  } catch (e) {
    return e instanceof RecordStoreError ? e.code : String(e);
  }
};

describe.skipIf(!HAVE_SAMPLES)(`private and public stores ${HAVE_SAMPLES ? '' : NO_SAMPLES}`, () => {
  const { dir, cleanup } = tempDir();
  const stores = new RecordStores(new LocalFiles(dir));
  afterAll(cleanup);
  /** The published files, and what is left in the scratch directory where stores are built. */
  const published = () => readdirSync(dir).filter((n) => n !== '.scratch');
  const scratch = () => readdirSync(stores.files.scratchDir);

  it('keeps no record text readable in any file of a private store', async () => {
    await buildStore(stores, 'private-job', 'winevtx', [CHROME], KEY);
    const files = published();
    // No journal, WAL or temp file is left beside the store (there is nothing else to scan).
    expect(files).toEqual(['private-job.winevtx.db']);
    expect(scratch()).toEqual([]);
    const bytes = readFileSync(join(dir, files[0]!));
    for (const s of SECRETS) {
      expect(bytes.includes(Buffer.from(s, 'utf8'))).toBe(false);
      expect(bytes.includes(Buffer.from(s, 'utf16le'))).toBe(false);
    }
    const reader = (await stores.open('private-job', 'winevtx', KEY))!;
    expect(reader.search({ search: 'chrome.exe', page: 1, show: 10 }).total).toBeGreaterThan(0);
    reader.close();
    // Readers leave no side files either.
    expect(published()).toEqual(['private-job.winevtx.db']);
  });

  it('the same records are plaintext in a public store (the scan above can see them)', async () => {
    await buildStore(stores, 'public-job', 'winevtx', [CHROME], null);
    const bytes = readFileSync(join(dir, 'public-job.winevtx.db'));
    expect(bytes.includes(Buffer.from('IEUser'))).toBe(true);
  });

  it('refuses a wrong key, a missing key and a key for a public store with a typed error', async () => {
    expect(await code(() => stores.open('private-job', 'winevtx', OTHER_KEY))).toBe('wrong-key');
    expect(await code(() => stores.open('private-job', 'winevtx', null))).toBe('wrong-key');
    expect(await code(() => stores.open('public-job', 'winevtx', KEY))).toBe('wrong-key');
    const reader = await stores.open('public-job', 'winevtx', null);
    expect(reader).not.toBeNull();
    reader!.close();
  });

  it('has no store for an unknown job or another category', async () => {
    expect(await stores.open('no-such-job', 'winevtx', null)).toBeNull();
    expect(await stores.open('public-job', 'prefetch', null)).toBeNull();
  });

  it('lists the published stores by job', async () => {
    const jobs = [];
    for await (const { jobId } of stores.published()) jobs.push(jobId);
    expect(jobs.sort()).toEqual(['private-job', 'public-job']);
  });

  it("remove() deletes the job's store and nothing else", async () => {
    await stores.remove('private-job');
    expect(await stores.open('private-job', 'winevtx', KEY)).toBeNull();
    expect(published()).toEqual(['public-job.winevtx.db']);
    await stores.remove('private-job'); // idempotent
  });

  it('a failed run leaves nothing behind (abort)', async () => {
    const sink = stores.writer('failed-job', 'winevtx', KEY);
    const inputs = inputsOf([CHROME, 'prefetch/plaso/ONEDRIVE.EXE-7E152375.pf']);
    await expect(runPipeline({ category: 'winevtx', inputs, options: { runSigmaRules: false }, threads: 1, sink, analyzers: [] })).rejects.toThrow(
      UnusableInputError,
    );
    expect(published()).toEqual(['public-job.winevtx.db']);
    expect(scratch()).toEqual([]);
    expect(await stores.open('failed-job', 'winevtx', KEY)).toBeNull();
  });

  it("removeStaleBuilds() removes builds a killed writer left, sparing recent ones; remove() takes a job's builds too", async () => {
    const old = join(stores.files.scratchDir, 'killed-job.winevtx.db.0a1b2c.tmp');
    writeFileSync(old, 'partial');
    utimesSync(old, new Date(2001, 0, 1), new Date(2001, 0, 1));
    writeFileSync(join(stores.files.scratchDir, 'busy-job.winevtx.db.3d4e5f.tmp'), 'partial');
    expect(await stores.removeStaleBuilds(Date.now() - 60_000)).toBe(1);
    expect(scratch()).toEqual(['busy-job.winevtx.db.3d4e5f.tmp']);
    await stores.remove('busy-job');
    expect(scratch()).toEqual([]);
    expect(published()).toEqual(['public-job.winevtx.db']);
  });

  it('refuses job ids that could name a path outside the directory', async () => {
    expect(() => stores.writer('../escape', 'winevtx', null)).toThrow(TypeError);
    await expect(stores.open('a/b', 'winevtx', null)).rejects.toThrow(TypeError);
  });
});
