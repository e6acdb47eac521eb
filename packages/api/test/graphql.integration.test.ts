import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { createDb } from '@quarry/db';
import { hasShared, sharedPath } from '@quarry/testkit';
import { startHarness, type Harness } from '../../rest-compat/test/support/harness.js';
import { serviceFixture, type Fixture } from './support/fixture.js';
import { gql, gqlSubscribe, gqlUpload, serveGraphql, type GraphqlAnswer } from './support/graphql-client.js';
import { operations, runOperation } from '../src/operations/index.js';

/**
 * The GraphQL front as an integration meets it: a real HTTP server, fetch, multipart uploads and
 * Server-Sent Events, over real PostgreSQL, Temporal and (for the job test) a real worker.
 */
let f: Fixture;
let url: string;
let closeServer: () => Promise<void>;
beforeAll(async () => {
  f = await serviceFixture();
  ({ url, close: closeServer } = await serveGraphql(f.deps));
});
afterAll(async () => {
  await closeServer?.();
  await f?.close();
});

const b64 = (s: string) => Buffer.from(s).toString('base64');
const globalId = (type: string, uuid: string) => Buffer.from(`${type}:${uuid}`).toString('base64url');
const codeOf = (a: GraphqlAnswer) => a.errors?.[0]?.extensions.code;
const newKey = () => randomBytes(32).toString('base64');
async function signedIn() {
  const { token } = await f.newCaller();
  return { 'x-service-api-token': token, 'x-service-api-enc-key': newKey() };
}

const UPLOAD = 'mutation ($file: File!) { uploadFile(file: $file) { file { id uuid name visibility encrypted createdAt } } }';
const upload = (bytes: Uint8Array, name: string, headers: Record<string, string> = {}) => gqlUpload(url, UPLOAD, { name, bytes }, headers);

describe('uploadFile and files', () => {
  test('an anonymous upload is PUBLIC plaintext, readable back through node(id)', async () => {
    const up = await upload(Buffer.from('hello quarry'), 'hello.txt');
    expect(up.errors).toBeUndefined();
    const file = up.data.uploadFile.file;
    expect(file).toMatchObject({ name: 'hello.txt', visibility: 'PUBLIC', encrypted: false });
    expect(file.id).toBe(globalId('EvidenceFile', file.uuid));
    const node = await gql(url, 'query ($id: ID!) { node(id: $id) { __typename ... on EvidenceFile { uuid name } } }', { id: file.id });
    expect(node.data.node).toEqual({ __typename: 'EvidenceFile', uuid: file.uuid, name: 'hello.txt' });
  });

  test('a signed-in uploader must send a key (KEY_REQUIRED), and with one the file is PRIVATE and encrypted', async () => {
    const headers = await signedIn();
    const noKey = await upload(Buffer.from('x'), 'x.bin', { 'x-service-api-token': headers['x-service-api-token'] });
    expect(codeOf(noKey)).toBe('KEY_REQUIRED');
    const up = await upload(Buffer.from('secret evidence'), 's.bin', headers);
    expect(up.data.uploadFile.file).toMatchObject({ visibility: 'PRIVATE', encrypted: true });
    // Someone else's private file reads as no file at all.
    const other = await gql(url, 'query ($id: ID!) { node(id: $id) { id } }', { id: up.data.uploadFile.file.id }, await signedIn());
    expect(other.data.node).toBeNull();
  });

  test('a request declaring more than the upload limit is refused with 413 PAYLOAD_TOO_LARGE before its body is read', async () => {
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(
        url,
        { method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(300 * 1024 * 1024) } },
        (res) => {
          let body = '';
          res.on('data', (c: Buffer) => (body += c.toString('utf8')));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      req.write('--x\r\n');
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).errors[0].extensions.code).toBe('PAYLOAD_TOO_LARGE');
  });

  test('files: a Relay connection, page by page with cursors, oldest first', async () => {
    const headers = await signedIn();
    const uuids: string[] = [];
    for (const n of [1, 2, 3]) uuids.push((await upload(Buffer.from(`file ${n}`), `f${n}.txt`, headers)).data.uploadFile.file.uuid);
    const page = (after: string | null) =>
      gql(
        url,
        'query ($after: String) { files(first: 2, after: $after) { totalCount edges { cursor node { uuid } } pageInfo { hasNextPage endCursor } } }',
        { after },
        headers,
      );
    const one = (await page(null)).data.files;
    expect(one.totalCount).toBe(3);
    expect(one.edges.map((e: any) => e.node.uuid)).toEqual(uuids.slice(0, 2));
    expect(one.pageInfo.hasNextPage).toBe(true);
    const two = (await page(one.pageInfo.endCursor)).data.files;
    expect(two.edges.map((e: any) => e.node.uuid)).toEqual(uuids.slice(2));
    expect(two.pageInfo.hasNextPage).toBe(false);
    expect(codeOf(await gql(url, '{ files(first: 101) { totalCount } }', {}, headers))).toBe('BAD_REQUEST');
  });

  test('deleteFiles deletes all or nothing', async () => {
    const headers = await signedIn();
    const id = (await upload(Buffer.from('gone'), 'gone.txt', headers)).data.uploadFile.file.id;
    const missing = globalId('EvidenceFile', randomUUID());
    const DELETE = 'mutation ($ids: [ID!]!) { deleteFiles(input: { ids: $ids }) { deletedIds } }';
    expect(codeOf(await gql(url, DELETE, { ids: [id, missing] }, headers))).toBe('NOT_FOUND');
    expect((await gql(url, DELETE, { ids: [id] }, headers)).data.deleteFiles.deletedIds).toEqual([id]);
    expect((await gql(url, '{ files { totalCount } }', {}, headers)).data.files.totalCount).toBe(0);
  });
});

describe('jobs', () => {
  test('parse mutations per evidence type start jobs; jobs is a connection, newest first, with enums', async () => {
    const headers = await signedIn();
    const fileId = (await upload(Buffer.from('not really a prefetch file'), 'X.pf', headers)).data.uploadFile.file.id;
    const created: string[] = [];
    for (const m of ['parsePrefetch', 'parseRegistry', 'parseEvtx']) {
      const r = await gql(
        url,
        `mutation ($ids: [ID!]!) { ${m}(input: { fileIds: $ids }) { job { id uuid status category evidenceType visibility tier } } }`,
        { ids: [fileId] },
        headers,
      );
      expect(r.errors).toBeUndefined();
      expect(r.data[m].job).toMatchObject({ status: 'PENDING', visibility: 'PRIVATE', tier: 'FREE' });
      created.push(r.data[m].job.id);
    }
    const jobs = (q: string) => gql(url, q, {}, headers);
    const first = (await jobs('{ jobs(first: 2) { totalCount edges { node { id category evidenceType } } pageInfo { hasNextPage endCursor } } }')).data.jobs;
    expect(first.totalCount).toBe(3);
    expect(first.edges.map((e: any) => e.node.category)).toEqual(['WINEVTX', 'REGISTRY']);
    expect(first.edges.map((e: any) => e.node.evidenceType)).toEqual(['WINEVTX', 'REGISTRY']);
    const rest = (await jobs(`{ jobs(first: 2, after: "${first.pageInfo.endCursor}") { edges { node { id category } } pageInfo { hasNextPage } } }`)).data.jobs;
    expect(rest.edges.map((e: any) => e.node.id)).toEqual([created[0]]);
    expect(rest.pageInfo.hasNextPage).toBe(false);
    const job = await gql(
      url,
      'query ($id: ID!) { job(id: $id) { name status progress { done } insights { title } files { name file { uuid } } } }',
      { id: created[0] },
      headers,
    );
    expect(job.data.job).toMatchObject({ status: 'PENDING', progress: null, insights: null, files: [{ name: 'X.pf' }] });
    const del = await gql(url, 'mutation ($ids: [ID!]!) { deleteJobs(input: { ids: $ids }) { deletedIds } }', { ids: created }, headers);
    expect(del.data.deleteJobs.deletedIds).toEqual(created);
  });

  test('a private job needs its key: JOB_KEY_REQUIRED without, NOT_FOUND for anyone else', async () => {
    const headers = await signedIn();
    const fileId = (await upload(Buffer.from('x'), 'x.pf', headers)).data.uploadFile.file.id;
    const jobId = (await gql(url, 'mutation ($ids: [ID!]!) { parsePrefetch(input: { fileIds: $ids }) { job { id } } }', { ids: [fileId] }, headers)).data
      .parsePrefetch.job.id;
    const Q = 'query ($id: ID!) { job(id: $id) { status } }';
    expect(codeOf(await gql(url, Q, { id: jobId }, { 'x-service-api-token': headers['x-service-api-token'] }))).toBe('JOB_KEY_REQUIRED');
    expect(codeOf(await gql(url, Q, { id: jobId }, await signedIn()))).toBe('NOT_FOUND');
    expect(codeOf(await gql(url, Q, { id: jobId }, { ...headers, 'x-service-api-enc-key': newKey() }))).toBe('WRONG_KEY');
  });
});

describe('error codes', () => {
  test.each([
    ['UNAUTHORIZED', '{ jobs { totalCount } }', {}],
    ['BAD_REQUEST', 'query ($id: ID!) { job(id: $id) { status } }', { id: 'not-a-relay-id' }],
    ['BAD_REQUEST', 'query ($id: ID!) { job(id: $id) { status } }', { id: globalId('EvidenceFile', randomUUID()) }],
    ['NOT_FOUND', 'query ($id: ID!) { job(id: $id) { status } }', { id: globalId('Job', randomUUID()) }],
    ['GRAPHQL_PARSE_FAILED', '{ jobs { ', {}],
    ['GRAPHQL_VALIDATION_FAILED', '{ jobs { nope } }', {}],
    ['BAD_USER_INPUT', 'query ($m: LookupModule!) { lookup(input: { module: $m }) { totalCount } }', { m: 'NOPE' }],
    ['VALIDATION_FAILED', '{ lookup(input: { module: FILE_NAME, filters: [{ field: "nope", operator: EQUALS, value: "x" }] }) { totalCount } }', {}],
    ['BAD_REQUEST', 'mutation { parseEvtx(input: { fileIds: [] }) { job { id } } }', {}],
  ])('%s: %s', async (code, query, variables) => {
    const answer = await gql(url, query, variables);
    expect(answer.errors?.length).toBeGreaterThan(0);
    expect(codeOf(answer)).toBe(code);
  });

  test('an unexpected error is INTERNAL_SERVER_ERROR with only an error id, logged under it', async () => {
    const dead = new URL(inject('stack').databaseUrl);
    dead.port = '1';
    const broken = await serveGraphql({ ...f.deps, db: createDb(dead.toString()) });
    try {
      const answer = await gql(broken.url, '{ jobs { totalCount } }', {}, { 'x-service-api-token': (await f.newCaller()).token });
      expect(codeOf(answer)).toBe('INTERNAL_SERVER_ERROR');
      const id = /quote the following ID: ([0-9a-f-]{36})$/.exec(answer.errors![0]!.message)?.[1];
      expect(id).toBeDefined();
      expect(JSON.stringify(answer)).not.toMatch(/stack|node_modules|\.ts\b/);
      expect(f.logText()).toContain(id!);
    } finally {
      await broken.close();
    }
  });
});

describe('limits', () => {
  test('a document nested deeper than 10 is QUERY_TOO_DEEP (introspection included)', async () => {
    const deep = '{ __schema { types { fields { type { ofType { ofType { ofType { ofType { ofType { ofType { name } } } } } } } } } } }';
    expect(codeOf(await gql(url, deep))).toBe('QUERY_TOO_DEEP');
  });

  test('more than 15 aliases, or a cost over 5,000, is QUERY_TOO_COMPLEX; the same query at a smaller page passes', async () => {
    const aliases = Array.from({ length: 16 }, (_, i) => `a${i}: node(id: "x") { id }`).join(' ');
    expect(codeOf(await gql(url, `{ ${aliases} }`))).toBe('QUERY_TOO_COMPLEX');
    const headers = await signedIn();
    const costly = (n: number) =>
      `{ a: jobs(first: ${n}) { edges { node { insights { title } files { name } } } } b: jobs(first: ${n}) { edges { node { insights { title } } } } }`;
    const refused = await gql(url, costly(100), {}, headers);
    expect(codeOf(refused)).toBe('QUERY_TOO_COMPLEX');
    expect(refused.errors![0]!.message).toMatch(/complexity/);
    expect((await gql(url, costly(5), {}, headers)).errors).toBeUndefined();
  });
});

describe('reference data and inline scans', () => {
  test('lookup takes a typed input with enums and answers rows of strings', async () => {
    const r = await gql(url, '{ lookup(input: { module: EVENT_ID, search: "4624", show: 5 }) { columns rows totalCount } }');
    expect(r.errors).toBeUndefined();
    expect(r.data.lookup.columns[0]).toBe('Event ID');
    expect(r.data.lookup.totalCount).toBeGreaterThan(0);
    expect(r.data.lookup.rows.length).toBeGreaterThan(0);
    expect(r.data.lookup.rows.flat().every((c: unknown) => typeof c === 'string')).toBe(true);
  });

  test('scanData: a custom YARA rule matches (level null for YARA); a rule that does not compile is a ScanError', async () => {
    const SCAN = `mutation ($input: ScanDataInput!) { scanData(input: $input) { __typename
      ... on ScanMatches { custom matches { rule tags level } warnings customRule }
      ... on ScanError { message } } }`;
    const rule = 'rule quarry_marker : demo { strings: $a = "QUARRY-MARKER" condition: $a }';
    const hit = await gql(url, SCAN, { input: { engine: 'YARA', testData: b64('xx QUARRY-MARKER yy'), rule: b64(rule) } });
    expect(hit.data.scanData).toMatchObject({
      __typename: 'ScanMatches',
      custom: true,
      matches: [{ rule: 'quarry_marker', tags: ['demo'], level: null }],
      customRule: rule,
    });
    const bad = await gql(url, SCAN, { input: { engine: 'YARA', testData: b64('x'), rule: b64('rule broken {') } });
    expect(bad.data.scanData.__typename).toBe('ScanError');
    expect(bad.data.scanData.message).toMatch(/yara|rule/i);
  });

  test('ruleSets: what each engine has loaded, typed', async () => {
    const r = await gql(url, '{ ruleSets { sigma { loaded refused sets { name loaded } } yara { loaded refused } lastUpdate { state trigger startedAt } } }');
    expect(r.errors).toBeUndefined();
    for (const engine of [r.data.ruleSets.sigma, r.data.ruleSets.yara]) expect(Number.isInteger(engine.loaded) && Number.isInteger(engine.refused)).toBe(true);
  });

  test('rules: an unknown name is NOT_FOUND', async () => {
    expect(codeOf(await gql(url, '{ rules(engine: SIGMA, names: ["no such rule, surely"]) { name } }'))).toBe('NOT_FOUND');
  });

  test('scanFiles starts a YARA job over uploaded files', async () => {
    const fileId = (await upload(Buffer.from('QUARRY-MARKER'), 'm.bin')).data.uploadFile.file.id;
    const r = await gql(url, 'mutation ($input: ScanFilesInput!) { scanFiles(input: $input) { job { category status } } }', {
      input: { engine: 'YARA', fileIds: [fileId], rule: b64('rule m { strings: $a = "QUARRY" condition: $a }') },
    });
    expect(r.data.scanFiles.job).toEqual({ category: 'YARA', status: 'PENDING' });
  });
});

// LM_WMI_4624_4688_TargetHost.evtx: MANIFEST.tsv gives its event ids as 4624 ×6 and 4688 ×2.
const EVTX = 'evtx/EVTX-ATTACK-SAMPLES/LM_WMI_4624_4688_TargetHost.evtx';
describe.skipIf(!hasShared('samples') && process.env['CI'] === undefined)('a real EVTX job, watched over SSE', () => {
  let h: Harness;
  beforeAll(async () => {
    if (!hasShared('samples')) throw new Error(`${sharedPath('samples')} is absent`);
    h = await startHarness();
    await h.startWorker();
  });
  afterAll(async () => h?.stop());

  test('uploadFile, parseEvtx, Subscription.job until COMPLETED, then typed insights and paged records', async () => {
    const evidence = readFileSync(join(sharedPath('samples'), EVTX));
    const up = await upload(evidence, 'LM_WMI.evtx');
    const parse = await gql(url, 'mutation ($ids: [ID!]!) { parseEvtx(input: { fileIds: $ids, runSigmaRules: false }) { job { id } } }', {
      ids: [up.data.uploadFile.file.id],
    });
    const jobId: string = parse.data.parseEvtx.job.id;

    const events = await gqlSubscribe(url, 'subscription ($id: ID!) { job(id: $id) { id status progress { done total fraction } } }', { id: jobId });
    const statuses = events.map((e) => e.data.job.status);
    expect(statuses.at(-1)).toBe('COMPLETED');
    const order = ['PENDING', 'PROCESSING', 'COMPLETED'];
    expect(statuses.map((s) => order.indexOf(s))).toEqual([...statuses.map((s) => order.indexOf(s))].sort((a, b) => a - b));
    expect(events.every((e) => e.data.job.id === jobId)).toBe(true);
    // The worker writes its final count before the status moves on: all of the file's bytes read.
    expect(events.at(-1)!.data.job.progress).toEqual({ done: evidence.length, total: evidence.length, fraction: 1 });

    const job = (
      await gql(
        url,
        `query ($id: ID!) { job(id: $id) { status finishedAt insights { __typename title
        ... on TableInsight { category columns rows }
        ... on GraphInsight { nodeCount originalNodeCount dot summaries { id } }
        ... on ChartInsight { displayMode points { label value } }
        ... on TimelineInsight { entries { start importance recordId } } } } }`,
        { id: jobId },
      )
    ).data.job;
    expect(job.status).toBe('COMPLETED');
    const eventIds = job.insights.find((i: any) => i.title === 'Overview: Event IDs');
    expect(eventIds).toMatchObject({ __typename: 'TableInsight', category: 'GENERAL', columns: ['Event ID', 'Provider', 'Events', 'Lookup'] });
    const count = (id: string) => eventIds.rows.find((r: string[]) => r[0] === id)?.[2];
    expect([count('4624'), count('4688')]).toEqual(['6', '2']);
    const graph = job.insights.find((i: any) => i.__typename === 'GraphInsight');
    // One DOT node statement per node: `<id> [label=...]`.
    expect(graph.nodeCount).toBe((graph.dot.match(/^\s*"?[\w:.-]+"?\s*\[label=/gm) ?? []).length);
    expect(graph.nodeCount).toBeGreaterThanOrEqual(2);

    // Cursor pagination across pages gives exactly the records of one big page, in order.
    const SEARCH = `query ($input: SearchRecordsInput!, $first: Int, $after: String) { searchRecords(input: $input, first: $first, after: $after) {
      title columns totalCount edges { cursor node { cells details { key value } } } pageInfo { hasNextPage endCursor } } }`;
    const input = { jobId };
    const allAnswer = await gql(url, SEARCH, { input, first: 100 });
    expect(allAnswer.errors, JSON.stringify(allAnswer.errors)).toBeUndefined();
    const all = allAnswer.data.searchRecords;
    expect(all.totalCount).toBe(8);
    const paged: unknown[] = [];
    let after: string | null = null;
    for (let i = 0; i < 10; i++) {
      const page: any = (await gql(url, SEARCH, { input, first: 3, after })).data.searchRecords;
      paged.push(...page.edges.map((e: any) => e.node));
      if (!page.pageInfo.hasNextPage) break;
      after = page.pageInfo.endCursor;
    }
    expect(paged).toEqual(all.edges.map((e: any) => e.node));

    const filtered = await gql(url, 'query ($input: SearchRecordsInput!) { searchInsights(input: $input) { title } }', {
      input: { jobId, filters: [{ field: 'event_id', operator: 'EQUALS', value: '4688' }] },
    });
    expect(filtered.errors).toBeUndefined();
    expect(filtered.data.searchInsights.map((i: any) => i.title)).toContain('Overview');

    // Exports: a single-use ticket, downloaded through the operation REST serves its URL with.
    const TICKET = 'mutation ($input: CreateExportTicketInput!) { createExportTicket(input: $input) { url expiresAt } }';
    const ticket = await gql(url, TICKET, { input: { jobId, format: 'JSONL', filters: [{ field: 'event_id', operator: 'EQUALS', value: '4688' }] } });
    expect(ticket.errors, JSON.stringify(ticket.errors)).toBeUndefined();
    const { url: ticketUrl, expiresAt } = ticket.data.createExportTicket;
    expect(ticketUrl).toMatch(/^\/analysis\/export\/[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(expiresAt)).toBeGreaterThan(Date.now());
    const take = () => runOperation(operations.downloadExport, { deps: f.deps, token: null, key: null }, { ticket: ticketUrl.split('/').pop() });
    const lines = (await new Response((await take()).body).text()).split('\n').filter(Boolean);
    expect(lines.map((l) => JSON.parse(l).Event.System.EventID)).toEqual([4688, 4688]);
    await expect(take()).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(codeOf(await gql(url, TICKET, { input: { jobId, format: 'CSV', insight: 'No such insight' } }))).toBe('NOT_FOUND');
  });
});
