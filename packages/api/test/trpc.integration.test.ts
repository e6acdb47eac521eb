import { randomBytes, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { createTRPCClient, httpBatchLink, TRPCClientError } from '@trpc/client';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { operations, runOperation, trpcHandler, type AppRouter } from '../src/index.js';
import { serviceFixture, type Fixture } from './support/fixture.js';
import { serveFetch } from '@quarry/testkit';

let f: Fixture;
let server: { url: string; close(): Promise<void> };
beforeAll(async () => {
  f = await serviceFixture();
  server = await serveFetch(trpcHandler(f.deps));
});
afterAll(async () => {
  await server?.close();
  await f?.close();
});

/** The dashboard's client (typed by AppRouter: a wrong input does not compile), over real HTTP. */
const client = (headers: Record<string, string> = {}) => createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: `${server.url}/api/trpc`, headers })] });
const as = (token: string, key?: Buffer) => client({ 'x-service-api-token': token, ...(key ? { 'x-service-api-enc-key': key.toString('base64') } : {}) });
const b64 = (s: string) => Buffer.from(s).toString('base64');

/** The tRPC code, HTTP status and message of a refused call. */
async function refusal(call: Promise<unknown>): Promise<[string | undefined, number | undefined, string]> {
  const err = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(err instanceof TRPCClientError)) throw new Error(`expected a tRPC error, got ${String(err)}`);
  const data = err.data as { code?: string; httpStatus?: number } | undefined;
  return [data?.code, data?.httpStatus, err.message];
}

describe('tRPC procedures derived from the operations table, through a real HTTP client', () => {
  test('files and jobs: upload, list, parse (camelCase input), status, search, delete', async () => {
    const { token } = await f.newCaller();
    const key = randomBytes(32);
    const me = as(token, key);
    const { id: fileId } = await runOperation(
      operations.uploadFile,
      { deps: f.deps, token, key: key.toString('base64') },
      { fileName: 'Security.evtx', content: Readable.from([randomBytes(128)]) },
    );

    const listed = await me.listFiles.query();
    expect(listed).toEqual([{ id: fileId, name: 'Security.evtx', createdAt: expect.any(String), visibility: 'private', encrypted: true }]);

    const job = await me.parseEvtx.mutate({ fileIds: [fileId], runSigmaRules: true });
    expect(job).toMatchObject({ jobName: expect.stringMatching(/^[a-z]+-[a-z]+-[a-z]+$/), category: 'winevtx' });
    expect(await me.getJob.query({ id: job.id })).toEqual({ id: job.id, jobName: job.jobName, status: 'Pending', category: 'winevtx' });
    expect((await me.listJobs.query()).map((j) => [j.id, j.category, j.visibility])).toEqual([[job.id, 'winevtx', 'private']]);
    // The job is private: without the key the caller is refused, as REST refuses with 403.
    expect(await refusal(as(token).getJob.query({ id: job.id }))).toEqual(['FORBIDDEN', 403, 'Encryption key required']);
    expect(await refusal(me.searchEvtx.query({ jobId: job.id, search: '', browseEvents: true }))).toEqual(['BAD_REQUEST', 400, 'Job not completed']);
    expect(await refusal(me.searchRegistry.query({ jobId: job.id, search: '', browseEvents: true }))).toEqual([
      'BAD_REQUEST',
      400,
      'Job is not a registry parse job',
    ]);

    await me.deleteJobs.mutate({ ids: [job.id] });
    await me.deleteFiles.mutate({ ids: [fileId] });
    expect(await me.listJobs.query()).toEqual([]);
    expect(await me.listFiles.query()).toEqual([]);
  });

  test("access, key and validation answers are the operations', with their tRPC codes", async () => {
    const anonymous = client();
    expect(await refusal(anonymous.listJobs.query())).toEqual(['UNAUTHORIZED', 401, 'Unauthorized']);
    expect(await refusal(client({ 'x-service-api-token': randomUUID() }).lookup.query({ module: 'event_id', search: '4624' }))).toEqual([
      'UNAUTHORIZED',
      401,
      'Unauthorized',
    ]);
    expect(await refusal(anonymous.parseRegistry.mutate({ fileIds: [] }))).toEqual(['BAD_REQUEST', 400, 'No file IDs provided']);
    expect(await refusal(anonymous.parsePrefetch.mutate({ fileIds: [randomUUID()] }))).toEqual(['BAD_REQUEST', 400, 'Failed to download file']);
    // A malformed key: refused where the operation reads the key, ignored where it does not.
    const badKey = client({ 'x-service-api-enc-key': 'not-a-key' });
    expect(await refusal(badKey.getJob.query({ id: randomUUID() }))).toEqual(['BAD_REQUEST', 400, 'X-Service-Api-Enc-Key is invalid']);
    expect((await badKey.lookup.query({ module: 'event_id', search: '4624' })).total).toBeGreaterThan(0);
    // Lookup answers an unknown module and other problems as the contract does (400, 422).
    expect(await refusal(anonymous.lookup.query({ module: 'nope' as 'event_id', search: '' }))).toEqual(['BAD_REQUEST', 400, 'Unknown lookup module']);
    expect(await refusal(anonymous.lookup.query({ module: 'event_id', search: '', page: 11 }))).toEqual(['UNPROCESSABLE_CONTENT', 422, 'Validation failed']);
  });

  test('scans and rules: inline YARA with a custom rule, a file scan, rule retrieval and the rule sets', async () => {
    const anonymous = client();
    const rule = b64('rule quarry_marker { strings: $a = "QUARRY-MARKER" condition: $a }');
    const found = await anonymous.scanData.mutate({ engine: 'yara', testData: b64('xx QUARRY-MARKER yy'), operation: 'run_rule', rule });
    expect(found).toMatchObject({ kind: 'matches', custom: true, matches: [{ rule: 'quarry_marker' }] });
    expect(await refusal(anonymous.scanData.mutate({ engine: 'sigma', testData: b64('{}'), operation: 'run_rule' }))).toEqual([
      'UNPROCESSABLE_CONTENT',
      422,
      'Rule is required',
    ]);

    const { id: fileId } = await runOperation(
      operations.uploadFile,
      { deps: f.deps, token: null, key: null },
      { fileName: 'sample.bin', content: Readable.from([Buffer.from('QUARRY-MARKER')]) },
    );
    expect(await anonymous.scanFiles.mutate({ engine: 'yara', fileIds: [fileId], operation: 'run_rule', rule })).toMatchObject({ category: 'Yara' });
    expect(await refusal(anonymous.scanFiles.mutate({ engine: 'sigma', fileIds: [fileId], operation: 'run_rule' }))).toEqual([
      'BAD_REQUEST',
      400,
      'Rule is required',
    ]);

    expect(await refusal(anonymous.retrieveRules.query({ engine: 'yara', ruleNames: ['no_such_rule_anywhere'] }))).toEqual([
      'NOT_FOUND',
      404,
      'One or more rules not found',
    ]);
    const sets = await anonymous.ruleSets.query();
    expect(sets.yara.loaded).toBeGreaterThan(0);
  });
});
