import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { promisify } from 'node:util';
import { evidenceTypes } from '@quarry/vocabulary';
import { findTool, toolGate } from '@quarry/testkit';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { post, upload, waitForJob, type Creds } from './support/api.js';
import { SAMPLES, newClientKey, startHarness, warnIfNoSamples, type Harness } from './support/harness.js';
import { createUser } from './support/users.js';

/**
 * Issue 34, the service-level proof: every sample link (as one zip) and Jump List (as plain files)
 * in one job through the real service, PostgreSQL and Temporal; the Shortcut Table searched by
 * the descriptor's fields; a private job with its key; YARA file scans over a link.
 */
const LNK_DIR = join(SAMPLES, 'lnk');
const JUMPLIST_DIR = join(SAMPLES, 'jumplists');
const ZIP_NAME = 'lnk-samples.zip';

function files(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((n) => (statSync(join(dir, n)).isDirectory() ? files(join(dir, n)) : [join(dir, n)]))
    .filter((p) => !p.endsWith('README.txt'));
}

type Insight = Record<string, { title: string; data: unknown; columns?: string[] }>;
const body = (i: Insight) => Object.values(i)[0]!;
const kindOf = (i: Insight) => Object.keys(i)[0]!;

const run = promisify(execFile);

/** A sample's lnkinfo facts: `Field : value` lines. */
async function lnkinfo(path: string): Promise<Map<string, string>> {
  const { stdout } = await run(findTool('lnkinfo')!, [path], { encoding: 'utf8' });
  return new Map([...stdout.matchAll(/^\t([^:\t][^:]*?)\s*:\s?(.*)$/gm)].map((m) => [m[1]!.trim(), m[2]!.trim()]));
}

/** lnkinfo over every sample link, a few at a time (asynchronously: the test's HTTP client stays responsive). */
async function lnkinfoAll(paths: string[]): Promise<Map<string, Map<string, string>>> {
  const out = new Map<string, Map<string, string>>();
  for (let i = 0; i < paths.length; i += 8) {
    const batch = paths.slice(i, i + 8);
    (await Promise.all(batch.map(lnkinfo))).forEach((facts, k) => out.set(batch[k]!, facts));
  }
  return out;
}

warnIfNoSamples();
describe.skipIf(!existsSync(LNK_DIR) || !existsSync(JUMPLIST_DIR))('shell links and Jump Lists through the service', () => {
  let h: Harness;
  let job: string;
  let insights: Insight[];
  /** lnkinfo's facts of every sample link (empty without the tool), read while the job runs. */
  let reference: Map<string, Map<string, string>>;
  const links = existsSync(LNK_DIR) ? files(LNK_DIR) : [];
  const jumpLists = existsSync(JUMPLIST_DIR) ? files(JUMPLIST_DIR) : [];

  beforeAll(async () => {
    h = await startHarness();
    await h.startWorker();
    const zip = zipSync(Object.fromEntries(links.map((p) => [relative(LNK_DIR, p), readFileSync(p)])));
    const up = await upload(h.url, [{ name: ZIP_NAME, data: zip }, ...jumpLists.map((p) => ({ path: p }))]);
    expect(up.status).toBe(200);
    const created = await post(h.url, '/analysis/lnk/parse', { file_ids: up.json.file_ids.map((f: string[]) => f[0]) });
    expect(created.status).toBe(200);
    expect(created.json).toMatchObject({ message: 'Job queued', category: 'lnk' });
    job = created.json.id;
    const facts = findTool('lnkinfo') ? lnkinfoAll(links) : Promise.resolve(new Map<string, Map<string, string>>());
    const done = await waitForJob(h.url, job, {}, 600_000);
    reference = await facts;
    expect(done.json.status).toBe('Completed');
    insights = done.json.insights;
  }, 900_000);
  afterAll(async () => h?.stop());

  test('the samples hold 728 links and 17 Jump Lists (READMEs)', () => {
    expect([links.length, jumpLists.length]).toEqual([728, 17]);
  });

  test('every input is read without an error, the zip member by member', () => {
    const meta = insights.filter((i) => body(i).title.startsWith('File metadata: ')).map((i) => body(i).data as Record<string, string>);
    expect(meta).toHaveLength(1 + jumpLists.length);
    expect(meta.filter((m) => m['error'] !== undefined)).toEqual([]);
    const zip = insights.map(body).find((b) => b.title === `File metadata: ${ZIP_NAME}`)!.data as Record<string, string>;
    expect([zip['zip_members'], zip['zip_shortcuts']]).toEqual([String(links.length), String(links.length)]);
  });

  test('every result type is listed, in order, each with rows where the evidence has them', () => {
    // Each result type once, in order; a type may add insights titled `<type>: <part>` (Overview's charts).
    const titles = insights.map((i) => body(i).title).filter((t) => !t.startsWith('File metadata: ') && !t.includes(': '));
    expect(titles).toEqual([...evidenceTypes.lnk.resultTypes]);
    const byTitle = new Map(insights.map((i) => [body(i).title, i]));
    const rows = (title: string): unknown[] => {
      const i = byTitle.get(title)!;
      const data = body(i).data;
      // Tables carry their header row first; Timelines and Metadata are lists or objects of rows.
      return kindOf(i) === 'Table' ? (data as unknown[]).slice(1) : Array.isArray(data) ? data : Object.keys(data as object);
    };
    // The samples open files, carry tracker blocks (lnkinfo: "Machine identifier") and target times.
    for (const t of ['Overview', 'Opened Files & Folders', 'Machines & Trackers', 'Access Timeline']) expect([t, rows(t).length > 0]).toEqual([t, true]);
    // Win7/Vista Start-menu links and Recent items point at removable and network volumes too (lnkinfo: Drive type / Network path).
    const media = [...reference.values()].some((f) => /Removable/.test(f.get('Drive type') ?? '') || f.has('Network path'));
    if (media) expect(rows('Removable & Network Media').length).toBeGreaterThan(0);
    // The samples are benign Start-menu and Recent items: nothing Critical or High.
    const suspicious = JSON.stringify(rows('Suspicious Shortcuts'));
    expect(suspicious).not.toMatch(/"(Critical|High)"/);
  });

  const search = (b: Record<string, unknown>, creds: Creds = {}, jobId = job) =>
    post(h.url, '/analysis/lnk/search', { job_id: jobId, search: '', browse_events: true, show: 100, ...b }, creds);
  const table = (r: { json: { insights: { IndexTable: { title: string; columns: string[]; data: [string[], Record<string, string>][] } }[] } }) =>
    r.json.insights[0]!.IndexTable;

  test('browse: the Shortcut Table with its columns and details, one row per link or entry', async () => {
    const r = await search({});
    expect(r.status).toBe(200);
    const t = table(r);
    expect(t.title).toBe('Shortcut Table');
    expect(t.columns).toEqual([...evidenceTypes.lnk.search.columns]);
    expect(t.data).toHaveLength(100);
    for (const [cells, details] of t.data) {
      expect(cells).toHaveLength(t.columns.length - 1);
      expect(Object.keys(details)).toEqual([...evidenceTypes.lnk.search.detailKeys]);
    }
  });

  test.skipIf(toolGate('lnkinfo').skip)(
    'target_path and volume_serial filters find the links lnkinfo gives those values',
    async () => {
      const sample = join(LNK_DIR, 'Win10', '!!__Files from SOME COMPUTER_Files Copied.txt.lnk.test');
      const facts = reference.get(sample)!;
      const path = facts.get('Local path')!;
      const serial = facts.get('Drive serial number')!.replace(/^0x/, '').toUpperCase().padStart(8, '0');
      const source = `${ZIP_NAME}/${relative(LNK_DIR, sample)}`;
      const byPath = table(await search({ filter: [{ field: 'target_path', operator: 'equals', value: path }] }));
      expect(byPath.data.map(([c]) => c[0])).toContain(source);
      expect(byPath.data.every(([c]) => c[2]!.toLowerCase() === path.toLowerCase())).toBe(true);

      // Every sample link on that volume, as lnkinfo reads their serials (the Jump Lists come from other machines).
      const expected = links
        .filter((p) => (reference.get(p)!.get('Drive serial number') ?? '').toLowerCase() === `0x${serial.toLowerCase()}`)
        .map((p) => `${ZIP_NAME}/${relative(LNK_DIR, p)}`)
        .sort();
      const bySerial = table(await search({ filter: [{ field: 'volume_serial', operator: 'equals', value: serial }] }));
      expect(bySerial.data.map(([c]) => c[0]!).sort()).toEqual(expected);
      expect(bySerial.data.every(([, d]) => d['VolumeSerial'] === serial)).toBe(true);
    },
    120_000,
  );

  test('app_id filters Jump List entries to those of the files named for that AppID', async () => {
    const appId = '5f7b5f1e01b83767';
    const r = table(await search({ filter: [{ field: 'app_id', operator: 'equals', value: appId }] }));
    expect(r.data.length).toBeGreaterThan(0);
    // Two machines' files of that AppID (same name): together their entries, as their File metadata counts them.
    const named = jumpLists.filter((p) => basename(p).startsWith(appId));
    expect(new Set(r.data.map(([c]) => c[0]))).toEqual(new Set(named.map((p) => basename(p))));
    const entries = insights
      .map(body)
      .filter((b) => b.title === `File metadata: ${basename(named[0]!)}`)
      .reduce((n, b) => n + Number((b.data as Record<string, string>)['entries']), 0);
    expect([named.length, r.data.length]).toEqual([2, entries]);
    expect(r.data.every(([, d]) => d['AppId'] === appId && d['Container'] !== 'link')).toBe(true);
  });

  test('browse false returns the time-filtered insights, as for the other types', async () => {
    const r = await post(h.url, '/analysis/lnk/search', { job_id: job, search: '', browse_events: false });
    expect(r.status).toBe(200);
    const titles = (r.json.insights as Insight[]).map((i) => body(i).title);
    for (const t of evidenceTypes.lnk.resultTypes) expect(titles).toContain(t);
  });

  test('requests the spec refuses get its 400s; a job of no shortcut fails naming the file and what it is', async () => {
    expect(await post(h.url, '/analysis/lnk/parse', { file_ids: [] })).toMatchObject({ status: 400, json: { error: 'No file IDs provided' } });
    const missing = await post(h.url, '/analysis/lnk/parse', { file_ids: ['00000000-0000-4000-8000-000000000000'] });
    expect(missing).toMatchObject({ status: 400, json: { error: 'Failed to download file' } });
    const up = await upload(h.url, [{ name: 'notes.lnk', data: Buffer.from('not a link at all') }]);
    const created = await post(h.url, '/analysis/lnk/parse', { file_ids: [up.json.file_ids[0][0]] });
    expect(created.status).toBe(200);
    const done = await waitForJob(h.url, created.json.id);
    expect(done.json.status).toBe('Failed');
    expect(done.json.insights).toEqual([{ Error: { message: 'No input could be read (notes.lnk: not a shell link or Jump List (detected: Unknown))' } }]);
  });

  test('a private job: the owner reads it with the key, nobody without', async () => {
    const { token } = await createUser(h.db);
    const key = newClientKey();
    const owner = { token, key };
    const jumpList = jumpLists.find((p) => p.endsWith('.automaticDestinations-ms'))!;
    const up = await upload(h.url, [{ path: jumpList }], owner);
    const created = await post(h.url, '/analysis/lnk/parse', { file_ids: [up.json.file_ids[0][0]] }, owner);
    expect(created.status).toBe(200);
    expect((await waitForJob(h.url, created.json.id, owner, 300_000)).json.status).toBe('Completed');
    const mine = await search({}, owner, created.json.id);
    expect(table(mine).data.length).toBeGreaterThan(0);
    expect(await search({}, { token }, created.json.id)).toMatchObject({ status: 403 });
  }, 400_000);

  test('YARA file scans take shell links (a rule on the link header matches the sample)', async () => {
    const rule = 'rule shell_link { condition: uint32(0) == 0x4c and uint32(4) == 0x00021401 }';
    const sample = links.find((p) => p.endsWith('.lnk'))!;
    const up = await upload(h.url, [{ path: sample }]);
    const created = await post(h.url, '/analysis/yara/file', {
      file_ids: [up.json.file_ids[0][0]],
      operation: 'run_rule',
      rule: Buffer.from(rule).toString('base64'),
    });
    expect(created.status).toBe(200);
    const done = await waitForJob(h.url, created.json.id);
    expect(done.json.status).toBe('Completed');
    const rows = done.json.insights[0].Table.data as string[][];
    expect(rows.slice(1).map((r) => [r[0], r[1]])).toEqual([[basename(sample), 'shell_link']]);
  });
});
