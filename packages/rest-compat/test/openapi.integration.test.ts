import { EVIDENCE_TYPES, type EvidenceType } from '@quarry/vocabulary';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { operations, runOperation } from '@quarry/api';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BODY_LIMITS, type JsonEndpoint } from '../src/body-limits.js';
import { CONTRACT } from '../src/contract.js';
import { get, post, upload, waitForJob, type Creds, type Reply } from './support/api.js';
import { sendGenerated } from './support/generated-upload.js';
import { SAMPLES, newClientKey, startHarness, warnIfNoSamples, type Harness } from './support/harness.js';
import { OpenApiChecker } from './support/openapi.js';
import { MARKER_RULE, b64 } from './support/scans.js';
import { createUser } from './support/users.js';

const EVTX = join(SAMPLES, 'evtx/EVTX-ATTACK-SAMPLES/CA_4624_4625_LogonType2_LogonProc_chrome.evtx');
const HIVE = join(SAMPLES, 'registry/regipy/SAM');
const PREFETCH = join(SAMPLES, 'prefetch/Windows-Prefetch-Parser/Win10/CALC.EXE-3FBEF7FD.pf');
const LINK = join(SAMPLES, 'lnk/Win7/Calculator.lnk');
const MiB = 1024 * 1024;

/** A Sigma rule of ours (no upstream text): successful logons, which the EVTX sample holds. */
const LOGON_RULE = `title: Quarry OpenAPI Logon Probe
id: 5d7e1c0a-8f3b-4c2a-9e61-2b4f7a9c0d13
status: test
description: Successful logons, a probe for the OpenAPI test
author: tester
logsource:
  product: windows
  service: security
detection:
  selection:
    EventID: 4624
  condition: selection
level: low
`;

/** Statuses every operation must have been seen answering, where its document lists them. */
const REQUIRED = ['200', '400', '401', '403', '404', '413', '422', '429'];

warnIfNoSamples();
describe.skipIf(!existsSync(SAMPLES))('live answers of every REST endpoint conform to GET /openapi.json', () => {
  let h: Harness;
  /** A second server on the same stack with quotas of one, for the 429s. */
  let tight: Harness;
  let check: OpenApiChecker;
  let owner: { token: string; key: string };
  const pub: Record<EvidenceType, string> = { winevtx: '', registry: '', prefetch: '', lnk: '', triage: '' };
  let privateJob = '';
  let failedJob = '';
  let publicFile = '';
  let evtxFile = '';

  beforeAll(async () => {
    const sigmaDir = mkdtempSync(join(tmpdir(), 'quarry-openapi-sigma-'));
    writeFileSync(join(sigmaDir, 'logon.yml'), LOGON_RULE);
    const oneEach = { windowSeconds: 3600, perTier: { anonymous: 1, free: 1, pro: 1, enterprise: 1 } };
    h = await startHarness({ hunting: { sigmaRules: sigmaDir } });
    tight = await startHarness({ hunting: { sigmaRules: sigmaDir }, quotas: { yaraFileScan: oneEach, dataScan: oneEach } });
    await h.startWorker({ QUARRY_SIGMA_RULES: sigmaDir });
    owner = { ...(await createUser(h.db)), key: newClientKey() };
  });
  afterAll(async () => {
    await h?.stop();
    await tight?.stop();
  });

  /** Asserts the status, then that the answer conforms to the document. */
  const conforms = (method: 'GET' | 'POST' | 'DELETE', path: string, r: Reply, status: number): Reply => {
    expect(r.status, `${method} ${path}: ${r.text.slice(0, 300)}`).toBe(status);
    expect(check.problems({ method, path, status: r.status, contentType: r.contentType, text: r.text })).toEqual([]);
    return r;
  };
  const POST = async (path: string, body: unknown, status: number, creds: Creds = {}, base = h.url) =>
    conforms('POST', path, await post(base, path, body, creds), status);
  const GET = async (path: string, status: number, creds: Creds = {}) => conforms('GET', path, await get(h.url, path, creds), status);
  const UPLOAD = async (files: Parameters<typeof upload>[1], status: number, creds: Creds = {}, path = '/analysis/upload') =>
    conforms('POST', path, await upload(h.url, files, creds, path), status);
  const ids = (r: Reply): string[] => r.json.file_ids.map((f: string[]) => f[0]);
  /** Completes a job, checking every poll's answer (Pending/Processing, then the insights). */
  const finished = async (id: string, creds: Creds = {}) => {
    const done = await waitForJob(h.url, id, creds, 300_000);
    return conforms('GET', `/analysis/job/${id}`, done, 200);
  };

  test('GET /openapi.json is a valid OpenAPI 3.1 document, and /healthz answers by it', async () => {
    const r = await get(h.url, '/openapi.json');
    expect(r.status).toBe(200);
    const result = await new Validator().validate(structuredClone(r.json));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    check = new OpenApiChecker(r.json);
    conforms('GET', '/openapi.json', r, 200);
    await GET('/healthz', 200);
  });

  test('files: upload (both paths), list, delete', async () => {
    evtxFile = ids(await UPLOAD([{ path: EVTX }], 200))[0]!;
    const hiveFile = ids(await UPLOAD([{ path: HIVE }], 200, {}, '/upload'))[0]!;
    // Not the scans tests' secret marker: the blob store is shared, and they prove it never sits there in clear.
    publicFile = ids(await UPLOAD([{ path: PREFETCH }, { name: 'notes.txt', data: Buffer.from('public notes') }], 200))[0]!;
    await UPLOAD([{ path: PREFETCH }], 400, { token: owner.token });
    await UPLOAD([{ path: PREFETCH }], 400, { token: 'not-a-uuid' }, '/upload');
    for (const path of ['/analysis/upload', '/upload']) await UPLOAD([{ path: PREFETCH }], 401, { token: randomUUID(), key: newClientKey() }, path);
    // 250 MB travel once, to the spec's own path; its alias is the same handler (app.ts).
    const big = await sendGenerated(h.url, 250 * MiB + 1, {}, '/analysis/upload');
    conforms('POST', '/analysis/upload', { ...big, json: undefined }, 413);

    const mine = ids(await UPLOAD([{ path: PREFETCH }], 200, owner));
    await GET('/analysis/file/list', 200, owner);
    await GET('/analysis/file/list', 401);
    const spare = ids(await UPLOAD([{ name: 'spare.bin', data: Buffer.from('x') }], 200, owner));
    await POST('/analysis/file/delete', { ids: spare }, 200, owner);
    await POST('/analysis/file/delete', { ids: ['nope'] }, 400, owner);
    await POST('/analysis/file/delete', { ids: [mine[0]] }, 401);
    await POST('/analysis/file/delete', { ids: [randomUUID()] }, 404, owner);

    // Jobs to read later: public ones of each category, a private one, one that fails (a prefetch file is no event log).
    pub.winevtx = (await POST('/analysis/winevtx/parse', { file_ids: [evtxFile], run_sigma_rules: true }, 200)).json.id;
    pub.registry = (await POST('/analysis/registry/parse', { file_ids: [hiveFile] }, 200)).json.id;
    pub.prefetch = (await POST('/analysis/prefetch/parse', { file_ids: [publicFile] }, 200)).json.id;
    const linkFile = ids(await UPLOAD([{ path: LINK }], 200))[0]!;
    pub.lnk = (await POST('/analysis/lnk/parse', { file_ids: [linkFile] }, 200)).json.id;
    // A collection of loose artifacts: its Host Timeline holds the link's and the prefetch file's times.
    pub.triage = (await POST('/analysis/triage/parse', { file_ids: [linkFile, publicFile], run_sigma_rules: false }, 200)).json.id;
    privateJob = (await POST('/analysis/prefetch/parse', { file_ids: [mine[0]] }, 200, owner)).json.id;
    failedJob = (await POST('/analysis/winevtx/parse', { file_ids: [mine[0]], run_sigma_rules: false }, 200, owner)).json.id;
  });

  test('parse: the errors of each category', async () => {
    for (const category of EVIDENCE_TYPES) {
      const path = `/analysis/${category}/parse`;
      await POST(path, { file_ids: [], run_sigma_rules: false }, 400);
      await POST(path, { file_ids: [publicFile], run_sigma_rules: false }, 401, { token: randomUUID() });
    }
  });

  test('job status: Pending or Processing, Completed with the insights of every category, Failed with its Error, and the errors', async () => {
    await GET(`/analysis/job/${privateJob}`, 200, owner);
    await GET(`/analysis/job/${privateJob}`, 400, { token: owner.token, key: 'c2hvcnQ=' });
    await GET(`/analysis/job/${privateJob}`, 401, { token: 'bad' });
    await GET(`/analysis/job/${privateJob}`, 403, { token: owner.token });
    await GET(`/analysis/job/${randomUUID()}`, 404);
    for (const id of Object.values(pub)) expect((await finished(id)).json.status).toBe('Completed');
    expect((await finished(privateJob, owner)).json.status).toBe('Completed');
    const failed = await finished(failedJob, owner);
    expect(failed.json.status).toBe('Failed');
    expect(failed.json.insights.some((i: object) => 'Error' in i)).toBe(true);
  });

  test('exports: streamed files of each category, a ticket download, and the errors', async () => {
    /** The document's path has no query string: the checker matches the path, the request carries both. */
    const EXPORT = async (path: string, query: string, status: number, creds: Creds = {}) =>
      conforms('GET', path, await get(h.url, path + query, creds), status);
    for (const jobId of Object.values(pub)) {
      await EXPORT(`/analysis/job/${jobId}/export`, '?format=jsonl', 200);
      await EXPORT(`/analysis/job/${jobId}/export`, '?format=csv', 200);
    }
    const own = `/analysis/job/${privateJob}/export`;
    await EXPORT(own, '?format=jsonl', 200, owner);
    await EXPORT(own, '?format=xlsx', 400, owner);
    await EXPORT(own, '?format=jsonl', 401, { token: 'bad' });
    await EXPORT(own, '?format=jsonl', 403, { token: owner.token });
    await EXPORT(`/analysis/job/${randomUUID()}/export`, '?format=jsonl', 404);
    const ticket = await runOperation(
      operations.createExportTicket,
      { deps: h.deps, token: owner.token, key: owner.key },
      { jobId: privateJob, format: 'jsonl' },
    );
    await GET(ticket.url, 200);
    await GET(ticket.url, 404);
  });

  test('search: records and summaries of each category, and the errors', async () => {
    for (const [category, jobId] of Object.entries(pub)) {
      const path = `/analysis/${category}/search`;
      const records = await POST(path, { job_id: jobId, search: '', browse_events: true, show: 100 }, 200);
      expect(records.json.insights[0].IndexTable.data.length).toBeGreaterThan(0);
      await POST(path, { job_id: jobId, search: '', browse_events: false }, 200);
      await POST(path, { job_id: jobId, search: 'a', browse_events: false }, 200);
      await POST(path, { job_id: 'nope', search: '', browse_events: true }, 400);
      await POST(path, { job_id: jobId, search: '', browse_events: true }, 401, { token: randomUUID() });
      await POST(path, { job_id: privateJob, search: '', browse_events: true }, 403, { token: owner.token });
      await POST(path, { job_id: randomUUID(), search: '', browse_events: true }, 404);
    }
  });

  test('lookup: both modules, and the errors', async () => {
    await POST('/analysis/lookup', { module: 'file_name', search: 'cmd.exe' }, 200);
    await POST('/analysis/lookup', { module: 'event_id', search: '4624' }, 200);
    await POST('/analysis/lookup', { module: 'registry_key', search: '' }, 400);
    await POST('/analysis/lookup', { module: 'file_name', search: 'x' }, 401, { token: randomUUID() });
    await POST('/analysis/lookup', { module: 'file_name' }, 422);
  });

  test('file scans: YARA and Sigma jobs to completion, and the errors', async () => {
    const yara = await POST('/analysis/yara/file', { file_ids: [publicFile], operation: 'run_rule', rule: b64(MARKER_RULE) }, 200);
    const sigma = await POST('/analysis/sigma/file', { file_ids: [evtxFile], operation: 'run_community_rules' }, 200);
    expect((await finished(yara.json.id)).json.status).toBe('Completed');
    const sigmaDone = await finished(sigma.json.id);
    expect(sigmaDone.json.status).toBe('Completed');
    // The probe rule matched the sample's logons: the result table has rows past its header.
    expect(sigmaDone.json.insights[0].Table.data.length).toBeGreaterThan(1);
    for (const engine of ['yara', 'sigma']) {
      const path = `/analysis/${engine}/file`;
      await POST(path, { file_ids: [], operation: 'run_community_rules' }, 400);
      await POST(path, { file_ids: [publicFile], operation: 'run_community_rules' }, 401, { token: randomUUID() });
    }
    // One YARA file scan per hour on the tight server: the second is 429.
    await POST('/analysis/yara/file', { file_ids: [publicFile], operation: 'run_community_rules' }, 200, {}, tight.url);
    await POST('/analysis/yara/file', { file_ids: [publicFile], operation: 'run_community_rules' }, 429, {}, tight.url);
  });

  test('inline scans: matches, no match, a rule that does not compile, and the errors', async () => {
    const marker = b64('... QUARRY_SECRET_MARKER_7731 ...');
    const yara = await POST('/analysis/yara/data', { test_data: marker, operation: 'run_rule', rule: b64(MARKER_RULE) }, 200);
    expect(yara.json.results.map((r: object) => Object.keys(r)[0])).toEqual(['Table', 'Metadata']);
    expect((await POST('/analysis/yara/data', { test_data: b64('nothing here'), operation: 'run_community_rules' }, 200)).json.results[0]).toHaveProperty(
      'message',
    );
    expect(
      (await POST('/analysis/yara/data', { test_data: marker, operation: 'run_rule', rule: b64('rule broken { condition: nope }') }, 200)).json.results[0],
    ).toHaveProperty('Error');
    const event = b64(JSON.stringify({ EventID: 4624, Channel: 'Security', TargetUserName: 'alice' }));
    expect((await POST('/analysis/sigma/data', { test_data: event, operation: 'run_rule', rule: b64(LOGON_RULE) }, 200)).json.results[0].data.length).toBe(2);
    await POST('/analysis/sigma/data', { test_data: event, operation: 'run_community_rules' }, 200);
    expect((await POST('/analysis/sigma/data', { test_data: event, operation: 'run_rule', rule: b64('title: [') }, 200)).json.results[0].type).toBe('Error');
    for (const engine of ['yara', 'sigma']) {
      const path = `/analysis/${engine}/data`;
      await POST(path, { test_data: 42, operation: 'run_community_rules' }, 400);
      await POST(path, { test_data: event, operation: 'run_community_rules' }, 401, { token: randomUUID() });
      await POST(path, { test_data: event, operation: 'run_rule' }, 422);
      // One inline scan per minute on the tight server (per caller): the second is 429.
      const { token } = await createUser(tight.db);
      await POST(path, { test_data: event, operation: 'run_community_rules' }, 200, { token }, tight.url);
      await POST(path, { test_data: event, operation: 'run_community_rules' }, 429, { token }, tight.url);
    }
  });

  test('rule retrieval: a YARA and a Sigma rule, and the errors', async () => {
    await POST('/analysis/yara/rules', { rule_names: ['Quarry_Mimikatz_Commands'] }, 200);
    await POST('/analysis/sigma/rules', { rule_names: ['Quarry OpenAPI Logon Probe'] }, 200);
    for (const engine of ['yara', 'sigma']) {
      const path = `/analysis/${engine}/rules`;
      await POST(path, { rule_names: [] }, 400);
      await POST(path, { rule_names: ['x'] }, 401, { token: randomUUID() });
      await POST(path, { rule_names: ['No_Such_Rule_7731'] }, 404);
    }
  });

  test('jobs: list and delete', async () => {
    await GET('/analysis/job/list', 200, owner);
    await GET('/analysis/job/list', 401);
    await POST('/analysis/job/delete', { ids: [failedJob] }, 200, owner);
    await POST('/analysis/job/delete', { ids: ['x'] }, 400, owner);
    await POST('/analysis/job/delete', { ids: [privateJob] }, 401);
    await POST('/analysis/job/delete', { ids: [randomUUID()] }, 404, owner);
  });

  test('webhooks: register, list, delete', async () => {
    // A user of its own, with no jobs: the literal public address is never sent a delivery.
    const user = await createUser(h.db);
    const body = { url: 'https://93.184.215.14/quarry-openapi', events: ['job.completed'] };
    const created = await POST('/analysis/webhooks', body, 200, user);
    await POST('/analysis/webhooks', { ...body, url: 'http://127.0.0.1/x' }, 400, user);
    await POST('/analysis/webhooks', body, 401);
    await GET('/analysis/webhooks', 200, user);
    await GET('/analysis/webhooks', 401);
    const DELETE = async (path: string, status: number, creds: Creds = {}) => {
      const res = await fetch(h.url + path, { method: 'DELETE', headers: creds.token ? { 'X-Service-Api-Token': creds.token } : {} });
      const text = await res.text();
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        /* not JSON */
      }
      conforms('DELETE', path, { status: res.status, text, json, contentType: res.headers.get('content-type') ?? '' }, status);
    };
    await DELETE(`/analysis/webhooks/${created.json.id}`, 401);
    await DELETE(`/analysis/webhooks/${randomUUID()}`, 404, user);
    await DELETE(`/analysis/webhooks/${created.json.id}`, 200, user);
  });

  test('every JSON endpoint: a body over its cap is 413 in its own format', async () => {
    for (const endpoint of Object.keys(BODY_LIMITS) as JsonEndpoint[]) {
      const body = `{"pad":"${'a'.repeat(BODY_LIMITS[endpoint])}"}`;
      await POST(CONTRACT[endpoint].paths[0], body, 413, {});
    }
  });

  test('every operation was seen answering 200 and each of its documented 400/401/403/404/413/422/429', () => {
    const missing = check
      .operations()
      .map(({ operationId, statuses }) => ({ operationId, statuses: statuses.filter((s) => REQUIRED.includes(s) && !check.covered.get(operationId)?.has(s)) }))
      .filter((o) => o.statuses.length > 0);
    // The alias `/upload` is the same handler: its 413 is seen at /analysis/upload (above).
    expect(missing).toEqual([{ operationId: 'upload', statuses: ['413'] }]);
  });
});
