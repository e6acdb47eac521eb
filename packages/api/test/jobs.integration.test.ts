import { randomBytes, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { jobs } from '@quarry/db';
import { writeInsights } from '@quarry/store';
import { createParseJob, createParseJobSchemas, getJob, listJobs, parseJobInput, uploadFile, validate, type Caller } from '../src/index.js';
import { serviceFixture, type Fixture } from './support/fixture.js';

let f: Fixture;
beforeAll(async () => {
  f = await serviceFixture();
});
afterAll(async () => f?.close());

const fileOf = async (caller: Caller, key: Buffer | null) =>
  (await uploadFile(f.deps, { caller, clientKey: key, fileName: 'Security.evtx', content: Readable.from([randomBytes(100)]) })).id;
const evtx = (fileIds: string[]) => ({ category: 'winevtx' as const, fileIds, options: { runSigmaRules: false } });

describe('job services', () => {
  test("createParseJob checks in the contract's order and starts nothing on a refusal", async () => {
    const { caller } = await f.newCaller();
    const key = randomBytes(32);
    const own = await fileOf(caller, key);
    const other = (await f.newCaller()).caller;
    const cases: [string[], Buffer | null, Caller, string][] = [
      [[], key, caller, 'No file IDs provided'],
      [Array.from({ length: 101 }, () => randomUUID()), key, caller, 'Too many file IDs provided'],
      [['nope'], key, caller, 'Failed to download file'],
      [[randomUUID()], key, caller, 'Failed to download file'],
      [[own], key, other, 'Failed to download file'],
      [[own], null, caller, 'Encryption key is required'],
      [[own], randomBytes(32), caller, 'Failed to download file'],
    ];
    const before = (await listJobs(f.deps, caller)).length;
    for (const [ids, k, who, message] of cases) {
      await expect(createParseJob(f.deps, who, k, evtx(ids)), message).rejects.toMatchObject({ message });
    }
    expect(await listJobs(f.deps, caller)).toHaveLength(before);
  });

  test("createParseJob records a private job on the caller's tier queue; listJobs is newest first", async () => {
    const { caller } = await f.newCaller('pro');
    const key = randomBytes(32);
    const file = await fileOf(caller, key);
    const first = await createParseJob(f.deps, caller, key, evtx([file]));
    await new Promise((r) => setTimeout(r, 5));
    const second = await createParseJob(f.deps, caller, key, { category: 'registry', fileIds: [file], options: {} });
    expect(first).toMatchObject({ category: 'winevtx', jobName: expect.stringMatching(/^[a-z]+-[a-z]+-[a-z]+$/) });
    const row = await jobs.get(f.db, first.id);
    expect(row).toMatchObject({ visibility: 'private', tier: 'pro', taskQueue: 'quarry-jobs-pro', status: 'Pending', params: { run_sigma_rules: false } });
    expect((await listJobs(f.deps, caller)).map((j) => j.id)).toEqual([second.id, first.id]);
  });

  test("getJob: another user's private job reads as missing; its owner needs the right key", async () => {
    const { caller } = await f.newCaller();
    const key = randomBytes(32);
    const job = await createParseJob(f.deps, caller, key, evtx([await fileOf(caller, key)]));
    const notFound = `Job with ID ${job.id} not found`;
    await expect(getJob(f.deps, (await f.newCaller()).caller, key, job.id)).rejects.toMatchObject({ code: 'NOT_FOUND', message: notFound });
    await expect(getJob(f.deps, f.anonymous, key, job.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(getJob(f.deps, caller, null, job.id)).rejects.toMatchObject({ code: 'JOB_KEY_REQUIRED', message: 'Encryption key required' });
    await expect(getJob(f.deps, caller, randomBytes(32), job.id)).rejects.toMatchObject({ code: 'WRONG_KEY' });
    expect(await getJob(f.deps, caller, key, job.id)).toEqual({ id: job.id, jobName: job.jobName, status: 'Pending', category: 'winevtx' });
  });

  test('getJob shows insights once the job has finished, opened with the job key', async () => {
    const { caller } = await f.newCaller();
    const key = randomBytes(32);
    const job = await createParseJob(f.deps, caller, key, evtx([await fileOf(caller, key)]));
    const row = (await jobs.get(f.db, job.id))!;
    const { unwrapKey } = await import('@quarry/crypto');
    await writeInsights(f.db, job.id, unwrapKey(row.wrappedKey!, key), [{ Error: { message: 'x' } }]);
    await jobs.setStatus(f.db, job.id, 'Failed');
    expect(await getJob(f.deps, caller, key, job.id)).toMatchObject({ status: 'Failed', insights: [{ Error: { message: 'x' } }] });
  });

  test("the parse schemas (from the descriptors) carry the contract's messages; parseJobInput reads them into the service input", () => {
    expect(() => validate(createParseJobSchemas.winevtx, {})).toThrow('No file IDs provided');
    expect(() => validate(createParseJobSchemas.winevtx, { fileIds: [] })).toThrow('No file IDs provided');
    expect(() => validate(createParseJobSchemas.winevtx, { fileIds: ['a'] })).toThrow('run_sigma_rules must be a boolean');
    expect(() => validate(createParseJobSchemas.winevtx, { fileIds: ['a'], runSigmaRules: 'yes' })).toThrow('run_sigma_rules must be a boolean');
    expect(parseJobInput('winevtx', validate(createParseJobSchemas.winevtx, { fileIds: ['a'], runSigmaRules: true }))).toEqual({
      category: 'winevtx',
      fileIds: ['a'],
      options: { runSigmaRules: true },
    });
    // An option another type takes is not this type's: it is dropped.
    expect(parseJobInput('prefetch', validate(createParseJobSchemas.prefetch, { fileIds: ['a'], runSigmaRules: 'ignored' }))).toEqual({
      category: 'prefetch',
      fileIds: ['a'],
      options: {},
    });
  });
});
