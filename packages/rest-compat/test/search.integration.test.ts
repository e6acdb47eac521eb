import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { findTool, toolGate } from '@quarry/testkit';
import { SigmaEngine } from '@quarry/sigma';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { get, post, upload, waitForJob, type Creds } from './support/api.js';
import { SAMPLES, warnIfNoSamples, newClientKey, startHarness, type Harness } from './support/harness.js';
import { createUser } from './support/users.js';

const EVTX = join(SAMPLES, 'evtx/EVTX-ATTACK-SAMPLES/CA_4624_4625_LogonType2_LogonProc_chrome.evtx');
const EVTX2 = join(SAMPLES, 'evtx/EVTX-ATTACK-SAMPLES/LM_WMI_4624_4688_TargetHost.evtx');
const PREFETCH = join(SAMPLES, 'prefetch/Windows-Prefetch-Parser/Win10/CALC.EXE-3FBEF7FD.pf');
const HIVE = join(SAMPLES, 'registry/regipy/SAM');

/** Event ids of a file as evtx_dump reads them, in file order. */
function referenceEventIds(path: string): number[] {
  const out = spawnSync(findTool('evtx_dump')!, ['-o', 'jsonl', path], { encoding: 'utf8', maxBuffer: 1 << 28 });
  return out.stdout
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => {
      const id = JSON.parse(l).Event.System.EventID;
      return Number(typeof id === 'object' ? id['#text'] : id);
    });
}

warnIfNoSamples();
describe.skipIf(!existsSync(SAMPLES))('search endpoints over completed parse jobs', () => {
  let h: Harness;
  let publicJob: string;
  let privateJob: string;
  let owner: Creds;
  beforeAll(async () => {
    h = await startHarness();
    await h.startWorker();
    const up = await upload(h.url, [{ path: EVTX }, { path: EVTX2 }]);
    const job = await post(h.url, '/analysis/winevtx/parse', { file_ids: up.json.file_ids.map((f: string[]) => f[0]), run_sigma_rules: true });
    publicJob = job.json.id;
    const { token } = await createUser(h.db);
    owner = { token, key: newClientKey() };
    const mine = await upload(h.url, [{ path: EVTX }], owner);
    privateJob = (await post(h.url, '/analysis/winevtx/parse', { file_ids: [mine.json.file_ids[0][0]], run_sigma_rules: false }, owner)).json.id;
    expect((await waitForJob(h.url, publicJob)).json.status).toBe('Completed');
    expect((await waitForJob(h.url, privateJob, owner)).json.status).toBe('Completed');
  });
  afterAll(async () => h?.stop());

  const search = (body: Record<string, unknown>, creds: Creds = {}, category = 'winevtx') =>
    post(h.url, `/analysis/${category}/search`, { job_id: publicJob, search: '', browse_events: true, ...body }, creds);
  const table = (r: { json: any }) => r.json.insights[0].IndexTable;

  test("browse: the Event Table with the spec's columns, every record of the job, as evtx_dump counts them", async () => {
    toolGate('evtx_dump');
    const r = await search({ show: 100 });
    expect(r.status).toBe(200);
    expect(Object.keys(r.json)).toEqual(['insights']);
    const t = table(r);
    expect(t).toMatchObject({ title: 'Event Table', category: 'General' });
    expect(t.columns).toEqual(['Event ID', 'Record ID', 'Timestamp', 'Provider', 'Computer', 'Message', 'Event Data']);
    if (!findTool('evtx_dump')) return;
    const ids = [...referenceEventIds(EVTX), ...referenceEventIds(EVTX2)];
    expect(t.data).toHaveLength(ids.length);
    expect(t.data.map((e: [string[], object]) => Number(e[0][0])).sort()).toEqual([...ids].sort());
    // An entry: cells for every column but the last, and the event data as the detail object.
    const [cells, detail] = t.data[0];
    expect(cells).toHaveLength(6);
    expect(Object.values(detail).every((v) => typeof v === 'string')).toBe(true);
  });

  test('filters, text and pages: 4624 by event_id equals matches evtx_dump; page 2 of show 1 is row 2 of show 2', async () => {
    if (!findTool('evtx_dump')) return;
    const logons = [...referenceEventIds(EVTX), ...referenceEventIds(EVTX2)].filter((id) => id === 4624).length;
    const r = await search({ filter: [{ field: 'event_id', operator: 'equals', value: '4624' }], show: 100 });
    expect(table(r).data).toHaveLength(logons);
    const two = table(await search({ show: 2 })).data;
    const second = table(await search({ show: 1, page: 2 })).data;
    expect(second).toEqual([two[1]]);
    // Case-insensitive partial text: the provider name in another case.
    const text = table(await search({ search: 'SECURITY-AUDIT', show: 100 })).data;
    expect(text.length).toBeGreaterThan(0);
    expect(text.every((e: [string[]]) => /security-audit/i.test(JSON.stringify(e)))).toBe(true);
  });

  test('time window: records outside it are left out', async () => {
    const all = table(await search({ show: 100 })).data as [string[]][];
    const times = all.map((e) => Date.parse(e[0][2]!.replace(' UTC', 'Z').replace(' ', 'T')));
    const mid = [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
    const later = table(await search({ start_time: mid, show: 100 })).data;
    expect(later.length).toBe(times.filter((t) => t >= mid).length);
  });

  test('browse_events false: the job status shape, with insights rebuilt over the matching records', async () => {
    const r = await search({ browse_events: false, filter: [{ field: 'event_id', operator: 'equals', value: '4625' }] });
    expect(r.status).toBe(200);
    expect(Object.keys(r.json).sort()).toEqual(['id', 'insights', 'job_name', 'status']);
    const meta = r.json.insights.filter((i: any) => i.Metadata?.title.startsWith('File metadata: '));
    const matched = meta.reduce((n: number, m: any) => n + Number(m.Metadata.data.records), 0);
    const failures = table(await search({ filter: [{ field: 'event_id', operator: 'equals', value: '4625' }], show: 100 })).data.length;
    expect(matched).toBe(failures);
    expect(r.json.insights.some((i: any) => i.Table?.title === 'Authentication' || i.Timeline)).toBe(true);
  });

  test('one Sigma compile serves the server: summaries re-run Sigma with the set inline scans and rule retrieval use', async () => {
    // Rule sets compiled on the server's own thread (it runs in this process): none may be.
    const compiledHere = vi.spyOn(SigmaEngine, 'fromSourceResult');
    // The public job ran with run_sigma_rules: its summary runs the Sigma analyzer again.
    const r = await search({ browse_events: false, filter: [{ field: 'event_id', operator: 'equals', value: '4624' }] });
    expect(r.status).toBe(200);
    const overview = r.json.insights.find((i: any) => i.Metadata?.title === 'Overview').Metadata.data;
    expect(overview.sigma_enabled).toBe('true');
    const record = Buffer.from(JSON.stringify({ EventID: 1102, Channel: 'Security', Provider_Name: 'Microsoft-Windows-Eventlog' })).toString('base64');
    expect((await post(h.url, '/analysis/sigma/data', { test_data: record, operation: 'run_community_rules' })).status).toBe(200);
    expect((await post(h.url, '/analysis/sigma/rules', { rule_names: ['Security Event Log Cleared'] })).status).toBe(200);
    const sigma = await h.hunting.sigma.warm();
    // The summary's Overview counts the rules of the very set the Sigma thread compiled, once.
    expect(Number(overview.sigma_rules_loaded)).toBe(sigma.loaded);
    expect(sigma.compiles).toBe(1);
    expect(compiledHere).not.toHaveBeenCalled();
    compiledHere.mockRestore();
  });

  test('summaries on the Sigma thread: a private job opened with its key; store errors keep their contract answers', async () => {
    const filter = [{ field: 'event_id', operator: 'equals', value: '4624' }];
    const mine = await search({ job_id: privateJob, browse_events: false, filter }, owner);
    expect(mine.status).toBe(200);
    const logons = table(await search({ job_id: privateJob, filter, show: 100 }, owner)).data.length;
    const meta = mine.json.insights.filter((i: any) => i.Metadata?.title.startsWith('File metadata: '));
    expect(meta.reduce((n: number, m: any) => n + Number(m.Metadata.data.records), 0)).toBe(logons);
    expect((await search({ job_id: privateJob, browse_events: false, filter }, { token: owner.token, key: newClientKey() })).status).toBe(403);
    const unknown = await search({ browse_events: false, filter: [{ field: 'nope', operator: 'equals', value: 'x' }] });
    expect([unknown.status, unknown.json.error]).toEqual([400, expect.stringContaining('nope')]);
  });

  test("errors: the contract's JSON bodies", async () => {
    const expectJson = (r: { status: number; json: any }, status: number, error: string) => expect([r.status, r.json]).toEqual([status, { error }]);
    expectJson(await search({ job_id: 'nope' }), 400, 'Job not found');
    expectJson(await search({ job_id: '7c2b9c3e-3f4f-4b9a-9a55-0a5f3c9d2e11' }), 404, 'Job not found');
    expectJson(await search({ start_time: 10, end_time: 5 }), 400, 'Invalid time range');
    expectJson(await search({ page: 11 }), 400, 'page must be an integer from 1 to 10');
    expectJson(await search({ show: 0 }), 400, 'show must be an integer from 1 to 100');
    expectJson(await search({ browse_events: 'yes' }), 400, 'browse_events must be a boolean');
    expectJson(await search({ filter: [{ field: 'nope', operator: 'equals', value: 'x' }] }), 400, expect.stringContaining('nope') as unknown as string);
    expectJson(await search({}, { token: '3b241101-e2bb-4255-8caf-4136c566a962' }), 401, 'Unauthorized');
    expectJson(await search({}, {}, 'prefetch'), 400, 'Job is not a prefetch parse job');
    // Private job: not found for others, 403 without key, a wrong key refused.
    expectJson(await search({ job_id: privateJob }), 404, 'Job not found');
    expectJson(await search({ job_id: privateJob }, { token: owner.token }), 403, 'Encryption key required');
    expect((await search({ job_id: privateJob }, { token: owner.token, key: newClientKey() })).status).toBe(403);
    expect((await search({ job_id: privateJob }, owner)).status).toBe(200);
  });

  test("a Failed job is not completed; a deleted job's store is gone", async () => {
    const { token } = await createUser(h.db);
    const creds = { token, key: newClientKey() };
    const up = await upload(h.url, [{ path: EVTX }], creds);
    const created = await post(h.url, '/analysis/winevtx/parse', { file_ids: [up.json.file_ids[0][0]], run_sigma_rules: false }, creds);
    // A Failed job is not completed either: a file that is not EVTX.
    const bad = await upload(h.url, [{ name: 'not.evtx', data: new Uint8Array(4096).fill(7) }], creds);
    const failed = (await post(h.url, '/analysis/winevtx/parse', { file_ids: [bad.json.file_ids[0][0]], run_sigma_rules: false }, creds)).json.id;
    expect((await waitForJob(h.url, failed, creds)).json.status).toBe('Failed');
    expect([(await search({ job_id: failed }, creds)).json]).toEqual([{ error: 'Job not completed' }]);
    await waitForJob(h.url, created.json.id, creds);
    const storeDir = join(h.stack.blobDir, 'record-stores');
    expect(readdirSync(storeDir).some((n) => n.startsWith(created.json.id))).toBe(true);
    await post(h.url, '/analysis/job/delete', { ids: [created.json.id] }, { token });
    expect(readdirSync(storeDir).some((n) => n.startsWith(created.json.id))).toBe(false);
    expect((await get(h.url, `/analysis/job/${created.json.id}`, creds)).status).toBe(404);
  });

  test('prefetch and registry search: their tables and columns', async () => {
    const pf = await upload(h.url, [{ path: PREFETCH }]);
    const pfJob = (await post(h.url, '/analysis/prefetch/parse', { file_ids: [pf.json.file_ids[0][0]] })).json.id;
    const hv = await upload(h.url, [{ path: HIVE }]);
    const hvJob = (await post(h.url, '/analysis/registry/parse', { file_ids: [hv.json.file_ids[0][0]] })).json.id;
    await waitForJob(h.url, pfJob);
    await waitForJob(h.url, hvJob);
    const p = table(await search({ job_id: pfJob }, {}, 'prefetch'));
    expect(p.title).toBe('Prefetch Table');
    expect(p.columns).toEqual(['Prefetch File', 'File Name', 'File Path', 'Prefetch Data']);
    expect(Object.keys(p.data[0][1]).sort()).toEqual(['Count', 'Modules', 'RunTimes', 'Version', 'Volumes']);
    const r = table(await search({ job_id: hvJob, search: 'Administrator', show: 100 }, {}, 'registry'));
    expect(r.title).toBe('Registry Table');
    expect(r.columns).toEqual(['File Name', 'Root Key', 'Key', 'Last Write Time', 'Registry Data']);
    expect(r.data.length).toBeGreaterThan(0);
  });
});
