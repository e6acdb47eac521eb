import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { audit, jobs } from '@quarry/db';
import { operations, runOperation } from '@quarry/api';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { get, post, upload, waitForJob, type Creds } from './support/api.js';
import { SAMPLES, warnIfNoSamples, newClientKey, startHarness, type Harness } from './support/harness.js';
import { createUser } from './support/users.js';

const EVTX = join(SAMPLES, 'evtx/EVTX-ATTACK-SAMPLES/CA_4624_4625_LogonType2_LogonProc_chrome.evtx');
const EVTX2 = join(SAMPLES, 'evtx/EVTX-ATTACK-SAMPLES/LM_WMI_4624_4688_TargetHost.evtx');

const headersOf = (c: Creds): Record<string, string> => ({
  ...(c.token ? { 'X-Service-Api-Token': c.token } : {}),
  ...(c.key ? { 'X-Service-Api-Enc-Key': c.key } : {}),
});

/** An export as the client sees it: status, the headers that matter, the body as text. */
async function exported(base: string, path: string, creds: Creds = {}) {
  const res = await fetch(base + path, { headers: headersOf(creds) });
  return {
    status: res.status,
    contentType: res.headers.get('content-type') ?? '',
    disposition: res.headers.get('content-disposition') ?? '',
    length: res.headers.get('content-length'),
    // Decoded keeping a byte order mark (Response.text() drops it).
    text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer()),
  };
}

/** The first Table insight of a job's REST answer (title and its rows, header first). */
const firstTable = (job: { insights: any[] }): { title: string; data: string[][] } => job.insights.find((i) => i.Table && i.Table.data.length > 1).Table;

/**
 * What a spreadsheet-safe CSV holds for a cell: the writers prefix cells a spreadsheet would run as
 * a formula (`=`, `+`, `-`, `@`, tab, CR first) with `'` (OWASP CSV injection); everything else as is.
 */
const csvCell = (cell: string): string => (/^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell);

const LOGON_RULE = `title: Export test logon
id: 5d0e4f3a-1b2c-4d5e-8f90-a1b2c3d4e5f6
status: test
logsource:
  product: windows
  service: security
detection:
  selection:
    EventID: 4624
  condition: selection
level: low
`;

const recordIdOf = (line: string): number => Number(JSON.parse(line).Event.System.EventRecordID);

warnIfNoSamples();
describe.skipIf(!existsSync(SAMPLES))('exports of completed jobs (REST, tickets, audit)', () => {
  let h: Harness;
  let publicJob: string;
  let privateJob: string;
  let owner: Creds & { userId: string };
  let other: Creds;
  beforeAll(async () => {
    // One Sigma rule every 4624 matches: the Sigma and ECS exports then have matches to carry.
    const sigmaDir = mkdtempSync(join(tmpdir(), 'quarry-export-sigma-'));
    writeFileSync(join(sigmaDir, 'logon.yml'), LOGON_RULE);
    h = await startHarness({ hunting: { sigmaRules: sigmaDir } });
    await h.startWorker({ QUARRY_SIGMA_RULES: sigmaDir });
    const up = await upload(h.url, [{ path: EVTX }, { path: EVTX2 }]);
    // With Sigma: the Sigma and ECS exports carry its matches.
    publicJob = (await post(h.url, '/analysis/winevtx/parse', { file_ids: up.json.file_ids.map((f: string[]) => f[0]), run_sigma_rules: true })).json.id;
    const me = await createUser(h.db);
    owner = { token: me.token, key: newClientKey(), userId: me.userId };
    other = { token: (await createUser(h.db)).token, key: newClientKey() };
    const mine = await upload(h.url, [{ path: EVTX }], owner);
    privateJob = (await post(h.url, '/analysis/winevtx/parse', { file_ids: [mine.json.file_ids[0][0]], run_sigma_rules: false }, owner)).json.id;
    expect((await waitForJob(h.url, publicJob)).json.status).toBe('Completed');
    expect((await waitForJob(h.url, privateJob, owner)).json.status).toBe('Completed');
  });
  afterAll(async () => h?.stop());

  test("CSV of an insight table, read back with csv-parse, equals the table of the job's REST answer; streamed as an attachment", async () => {
    const table = firstTable((await get(h.url, `/analysis/job/${publicJob}`)).json);
    const r = await exported(h.url, `/analysis/job/${publicJob}/export?format=csv&insight=${encodeURIComponent(table.title)}`);
    expect(r.status).toBe(200);
    expect(r.contentType).toBe('text/csv; charset=utf-8');
    expect(r.disposition).toMatch(/^attachment; filename="[A-Za-z0-9._-]+\.csv"$/);
    // Chunked: the length is not known when the first bytes leave.
    expect(r.length).toBeNull();
    expect(r.text.startsWith('\ufeff')).toBe(false);
    expect(parse(r.text, { relax_column_count: false })).toEqual(table.data.map((row) => row.map(csvCell)));
    // bom=true: Excel's byte order mark first, the same rows after it.
    const bom = await exported(h.url, `/analysis/job/${publicJob}/export?format=csv&bom=true&insight=${encodeURIComponent(table.title)}`);
    expect(bom.text.startsWith('\ufeff')).toBe(true);
    expect(parse(bom.text, { bom: true })).toEqual(table.data.map((row) => row.map(csvCell)));
  });

  test('CSV of every IndexTable insight: its cell columns, then its details as JSON under `Details`', async () => {
    const job = (await get(h.url, `/analysis/job/${publicJob}`)).json;
    const tables = job.insights.filter((i: any) => i.IndexTable).map((i: any) => i.IndexTable);
    expect(tables.length).toBeGreaterThan(0);
    for (const t of tables) {
      const r = await exported(h.url, `/analysis/job/${publicJob}/export?format=csv&insight=${encodeURIComponent(t.title)}`);
      expect(r.status, t.title).toBe(200);
      const [header, ...rows] = parse(r.text) as string[][];
      expect(header).toEqual([...t.columns.slice(0, -1), 'Details'].map(csvCell));
      expect(rows.map((row) => row.slice(0, -1))).toEqual((t.data as [string[]][]).map(([cells]) => cells.map(csvCell)));
      expect(rows.map((row) => JSON.parse(row.at(-1)!) as unknown)).toEqual((t.data as [string[], object][]).map(([, details]) => details));
    }
  });

  test('JSONL of the records a search matches holds exactly the search results (no 10 × 100 page cap)', async () => {
    const filter = [{ field: 'event_id', operator: 'equals', value: '4624' }];
    const s = await post(h.url, '/analysis/winevtx/search', { job_id: publicJob, search: '', browse_events: true, filter, show: 100 });
    const ids = (s.json.insights[0].IndexTable.data as [string[]][]).map((e) => Number(e[0][1]));
    expect(ids.length).toBeGreaterThan(0);
    const r = await exported(h.url, `/analysis/job/${publicJob}/export?format=jsonl&filter=${encodeURIComponent(JSON.stringify(filter))}`);
    expect(r.status).toBe(200);
    expect(r.contentType).toBe('application/x-ndjson; charset=utf-8');
    const lines = r.text.split('\n').filter(Boolean);
    // Records in the job's order, the search in time order: the same records either way.
    expect(lines.map(recordIdOf).sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
    for (const line of lines) expect(JSON.parse(line).Event.System.EventID).toBe(4624);

    // The whole job: every record (as many as its File metadata insights count), then insight rows with provenance.
    const job = (await get(h.url, `/analysis/job/${publicJob}`)).json;
    const counted = job.insights
      .filter((i: any) => i.Metadata?.title.startsWith('File metadata: '))
      .reduce((n: number, m: any) => n + Number(m.Metadata.data.records), 0);
    expect(counted).toBeGreaterThan(ids.length);
    const whole = (await exported(h.url, `/analysis/job/${publicJob}/export?format=jsonl`)).text.split('\n').filter(Boolean);
    const records = whole.filter((l) => 'Event' in JSON.parse(l));
    expect(records).toHaveLength(counted);
    const rows = whole.slice(records.length).map((l) => JSON.parse(l));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => typeof row.insight === 'string' && typeof row.type === 'string' && Number.isInteger(row.row))).toBe(true);
  });

  test('CSV of search results: every matching row in the search order, columns as the search shows them', async () => {
    const filter = [{ field: 'event_id', operator: 'equals', value: '4624' }];
    const s = await post(h.url, '/analysis/winevtx/search', { job_id: publicJob, search: '', browse_events: true, filter, show: 100 });
    const t = s.json.insights[0].IndexTable;
    const r = await exported(h.url, `/analysis/job/${publicJob}/export?format=csv&filter=${encodeURIComponent(JSON.stringify(filter))}`);
    expect(r.status).toBe(200);
    const [header, ...rows] = parse(r.text) as string[][];
    // The last column holds the details: the writer heads it `Details`.
    expect(header).toEqual([...t.columns.slice(0, -1), 'Details'].map(csvCell));
    expect(rows.map((row) => row.slice(0, -1))).toEqual((t.data as [string[]][]).map(([cells]) => cells.map(csvCell)));
    expect(rows.map((row) => JSON.parse(row.at(-1)!) as unknown)).toEqual((t.data as [string[], object][]).map(([, details]) => details));
  });

  test('Timesketch, ECS and Sigma matches: as many lines as the job holds timeline entries, records and (record, rule) matches', async () => {
    const job = (await get(h.url, `/analysis/job/${publicJob}`)).json;
    const entries = job.insights.filter((i: any) => i.Timeline).reduce((n: number, i: any) => n + i.Timeline.data.length, 0);
    const ts = await exported(h.url, `/analysis/job/${publicJob}/export?format=timesketch`);
    expect(ts.status).toBe(200);
    const events = ts.text
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l));
    expect(events).toHaveLength(entries);
    for (const e of events) expect(Object.keys(e)).toEqual(expect.arrayContaining(['message', 'datetime', 'timestamp_desc']));

    // The rule matches every 4624: as many as the search finds.
    const filter = [{ field: 'event_id', operator: 'equals', value: '4624' }];
    const logons = (await post(h.url, '/analysis/winevtx/search', { job_id: publicJob, search: '', browse_events: true, filter, show: 100 })).json.insights[0]
      .IndexTable.data as [string[]][];
    const matches = logons.length;
    expect(matches).toBeGreaterThan(0);
    const csv = await exported(h.url, `/analysis/job/${publicJob}/export?format=sigma-csv`);
    expect(csv.status, csv.text).toBe(200);
    const [header, ...rows] = parse(csv.text) as string[][];
    expect(rows).toHaveLength(matches);
    const col = (name: string) => header!.indexOf(name);
    expect(rows.every((r) => r[col('RuleTitle')] === 'Export test logon' && r[col('EventID')] === '4624')).toBe(true);
    expect(rows.map((r) => Number(r[col('RecordID')])).sort((a, b) => a - b)).toEqual(logons.map(([cells]) => Number(cells[1])).sort((a, b) => a - b));

    const ecs = await exported(h.url, `/analysis/job/${publicJob}/export?format=ecs`);
    expect(ecs.status, ecs.text).toBe(200);
    const lines = ecs.text
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l));
    const records = job.insights
      .filter((i: any) => i.Metadata?.title.startsWith('File metadata: '))
      .reduce((n: number, m: any) => n + Number(m.Metadata.data.records), 0);
    expect(lines).toHaveLength(2 * records);
    const docs = lines.filter((_, i) => i % 2 === 1);
    expect(lines.filter((_, i) => i % 2 === 0).every((a) => 'create' in a)).toBe(true);
    const ruled = docs.filter((d) => d.rule).reduce((n, d) => n + (Array.isArray(d.rule.name) ? d.rule.name.length : 1), 0);
    expect(ruled).toBe(matches);
  });

  test("owner check: another user's private job answers as reading the job does (404, same body)", async () => {
    const read = await get(h.url, `/analysis/job/${privateJob}`, other);
    const r = await exported(h.url, `/analysis/job/${privateJob}/export?format=jsonl`, other);
    expect(read.status).toBe(404);
    expect({ status: r.status, text: r.text }).toEqual({ status: read.status, text: read.text });
    const anonymous = await exported(h.url, `/analysis/job/${privateJob}/export?format=jsonl`);
    expect({ status: anonymous.status, text: anonymous.text }).toEqual({ status: 404, text: read.text });
  });

  test('private job: no key, or a wrong one, answers as reading the job does; with the key, the decrypted rows', async () => {
    for (const creds of [{ token: owner.token }, { token: owner.token, key: newClientKey() }, { token: owner.token, key: 'not a key' }]) {
      const read = await get(h.url, `/analysis/job/${privateJob}`, creds);
      expect(read.status).toBeGreaterThanOrEqual(400);
      const r = await exported(h.url, `/analysis/job/${privateJob}/export?format=csv&insight=x`, creds);
      expect({ status: r.status, text: r.text }).toEqual({ status: read.status, text: read.text });
    }
    const table = firstTable((await get(h.url, `/analysis/job/${privateJob}`, owner)).json);
    const r = await exported(h.url, `/analysis/job/${privateJob}/export?format=csv&insight=${encodeURIComponent(table.title)}`, owner);
    expect(r.status).toBe(200);
    expect(parse(r.text)).toEqual(table.data.map((row) => row.map(csvCell)));
  });

  test('every export is audited: who, which job, format and insight, when', async () => {
    const table = firstTable((await get(h.url, `/analysis/job/${privateJob}`, owner)).json);
    const before = Date.now();
    const r = await exported(h.url, `/analysis/job/${privateJob}/export?format=jsonl&insight=${encodeURIComponent(table.title)}`, owner);
    expect(r.status).toBe(200);
    const events = await audit.forJob(h.db, privateJob);
    const last = events.at(-1)!;
    expect(last).toMatchObject({ actorId: owner.userId, action: 'export', jobId: privateJob, details: { format: 'jsonl', insight: table.title } });
    expect(last.at.getTime()).toBeGreaterThanOrEqual(before - 1000);
    // Refused exports are not: the failed attempts above left no row of another user.
    expect(events.every((e) => e.actorId === owner.userId)).toBe(true);
  });

  test('bad requests: a job not completed, an unknown insight, an unknown format (the spec-style plain-text errors)', async () => {
    const pending = await jobs.create(h.db, {
      jobName: 'pending-export-test',
      category: 'winevtx',
      ownerId: null,
      visibility: 'public',
      tier: 'anonymous',
      workflowId: `export-test-${Date.now()}`,
      taskQueue: 'none',
      wrappedKey: null,
      inputs: [],
    });
    expect(await exported(h.url, `/analysis/job/${pending.id}/export?format=jsonl`)).toMatchObject({ status: 400, text: 'Job not completed' });
    expect(await exported(h.url, `/analysis/job/${publicJob}/export?format=csv&insight=No%20such%20table`)).toMatchObject({
      status: 404,
      text: 'Insight not found: No such table',
    });
    const bad = await exported(h.url, `/analysis/job/${publicJob}/export?format=xlsx`);
    expect(bad.status).toBe(400);
    expect(bad.text).toMatch(/^format must be one of csv, jsonl/);
    expect((await exported(h.url, `/analysis/job/not-a-uuid/export?format=csv`)).status).toBe(404);
  });

  test('tickets (the tRPC/GraphQL path): admitted like the export, single use, no key in the URL, the decrypted file', async () => {
    const table = firstTable((await get(h.url, `/analysis/job/${privateJob}`, owner)).json);
    const input = { jobId: privateJob, format: 'csv', insight: table.title };
    // Refused as the export is: no key.
    await expect(runOperation(operations.createExportTicket, { deps: h.deps, token: owner.token, key: null }, input)).rejects.toMatchObject({
      code: 'JOB_KEY_REQUIRED',
    });
    const ticket = await runOperation(operations.createExportTicket, { deps: h.deps, token: owner.token, key: owner.key }, input);
    expect(ticket.url).toMatch(/^\/analysis\/export\/[A-Za-z0-9_-]{43}$/);
    expect(ticket.url).not.toContain(owner.key);
    expect(ticket.expiresAt.getTime()).toBeGreaterThan(Date.now());
    const r = await exported(h.url, ticket.url);
    expect(r.status).toBe(200);
    expect(parse(r.text)).toEqual(table.data.map((row) => row.map(csvCell)));
    expect(await exported(h.url, ticket.url)).toMatchObject({ status: 404, text: 'Export ticket not found or expired' });
    expect((await audit.forJob(h.db, privateJob)).at(-1)).toMatchObject({ actorId: owner.userId, details: { format: 'csv', insight: table.title } });
  });
});
