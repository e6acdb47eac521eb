import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { hasShared, sharedPath } from '@quarry/testkit';
import { ARTIFACT_TYPES, evidenceTypes } from '@quarry/vocabulary';
import { CHROMIUM, HAVE_CHROMIUM, SHOTS, launchChromium } from './support/browser.js';
import { startService, type RunningService } from './support/service.js';

const runnable = HAVE_CHROMIUM && hasShared();
if (!runnable && process.env.CI) throw new Error(`${CHROMIUM} and ../shared are required in CI`);

/** A small host in KAPE's layout: two event logs, SYSTEM and SOFTWARE, two prefetch files, a recent shell link. */
const MEMBERS: [inZip: string, sample: string][] = [
  ['C/Windows/System32/winevt/Logs/Security.evtx', 'evtx/EVTX-ATTACK-SAMPLES/LM_WMI_4624_4688_TargetHost.evtx'],
  [
    'C/Windows/System32/winevt/Logs/Microsoft-Windows-Sysmon%4Operational.evtx',
    'evtx/EVTX-ATTACK-SAMPLES/exec_persist_rundll32_mshta_scheduledtask_sysmon_1_3_11.evtx',
  ],
  ['C/Windows/System32/config/SYSTEM', 'registry/regipy/SYSTEM_B'],
  ['C/Windows/System32/config/SOFTWARE', 'registry/regf-samples/SOFTWARE'],
  ['C/Windows/Prefetch/CALC.EXE-3FBEF7FD.pf', 'prefetch/Windows-Prefetch-Parser/Win10/CALC.EXE-3FBEF7FD.pf'],
  ['C/Windows/Prefetch/CMD.EXE-D269B812.pf', 'prefetch/Windows-Prefetch-Parser/Win10/CMD.EXE-D269B812.pf'],
  ['C/Users/user/AppData/Roaming/Microsoft/Windows/Recent/local.file.exec.lnk', 'lnk/Misc/local.file.exec.test'],
];
const TRIAGE = evidenceTypes.triage;
const FINDINGS_COLUMNS = ['Time', 'Importance', 'Result Type', 'Finding', 'Details', 'User', 'Evidence'];
const HOST_TABLES = TRIAGE.resultTypes.filter((t) => t !== 'Findings' && t !== TRIAGE.search.title);

type ApiInsight = Record<string, { title: string; data: unknown }>;
/** A Host Timeline fact as the REST search gives it: its cells and its details. */
interface ApiFact {
  cells: string[];
  details: Record<string, string>;
  time: number;
}

let service: RunningService;
let browser: Browser;
let token: string;
let dir: string;
const key = randomBytes(32).toString('base64');
const headers = () => ({ 'X-Service-Api-Token': token, 'X-Service-Api-Enc-Key': key, 'Content-Type': 'application/json' });

beforeAll(async () => {
  if (!runnable) return;
  dir = mkdtempSync(join(tmpdir(), 'quarry-host-page-'));
  service = await startService();
  token = service.newToken();
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await service?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Every record of a search over the REST API (its pages of 100 until a short one), `[cells, details]` each. */
async function apiSearch(
  type: string,
  jobId: string,
  filter: { field: string; operator: string; value: string }[],
  window: { start_time?: number; end_time?: number } = {},
) {
  const out: [string[], Record<string, string>][] = [];
  for (let page = 1; page <= 10; page++) {
    const res = await fetch(`${service.base}/analysis/${type}/search`, {
      method: 'POST',
      headers: headers(),
      body: JSON.stringify({ job_id: jobId, search: '', browse_events: true, filter, page, show: 100, ...window }),
    });
    expect(res.status, `search ${type}`).toBe(200);
    const body = (await res.json()) as { insights: { IndexTable: { data: [string[], Record<string, string>][] } }[] };
    const data = body.insights[0]!.IndexTable.data;
    out.push(...data);
    if (data.length < 100) break;
  }
  return out;
}

const factTime = (text: string) => Date.parse(`${text.replace(/ UTC$/, 'Z').replace(' ', 'T')}`);
const apiFacts = async (jobId: string, filter: { field: string; operator: string; value: string }[] = [], window = {}): Promise<ApiFact[]> =>
  (await apiSearch('triage', jobId, filter, window)).map(([cells, details]) => ({ cells, details, time: factTime(cells[0]!) }));

/** Top of an element in page coordinates (independent of the scroll position). */
const pageTop = (l: Locator) => l.first().evaluate((el) => el.getBoundingClientRect().top + window.scrollY);

/** The cells of one column of the rows a grid has drawn (it draws the rows in view). */
async function shownColumn(table: Locator, columns: readonly string[], column: string): Promise<string[]> {
  const at = columns.indexOf(column);
  return table.locator('[data-row-id]').evaluateAll((rows, i) => rows.map((r) => r.querySelectorAll('[role=cell]')[i + 1]?.textContent ?? ''), at);
}

async function expectInView(page: Page, l: Locator) {
  await l.waitFor({ timeout: 10_000 });
  const box = (await l.boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(page.viewportSize()!.height);
}

describe.runIf(runnable)('a triage job opens as a host page', () => {
  test('Findings first, the host tables, the Host Timeline under a brush and filters, the member types by type; evidence and records links land', async () => {
    const zip = join(dir, 'HOST-KAPE.zip');
    writeFileSync(zip, zipSync(Object.fromEntries(MEMBERS.map(([inZip, sample]) => [inZip, readFileSync(sharedPath(`samples/${sample}`))]))));

    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${service.base}/`);
    await page.getByLabel('API token').fill(token);
    await page.getByLabel('Encryption key (optional)').fill(key);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/evidence$/);
    await page.locator('input[type=file]').setInputFiles(zip);
    await page.getByTestId('upload-entry').getByText('Uploaded').waitFor({ timeout: 60_000 });
    await page.getByLabel('Select HOST-KAPE.zip').check();
    await page.getByRole('button', { name: `${TRIAGE.label} of the selection` }).click();
    await page.waitForURL(/\/jobs\/[0-9a-f-]{36}$/, { timeout: 30_000 });
    const jobId = page.url().split('/').pop()!;
    await page.getByLabel(/^Status: (Completed|Failed)$/).waitFor({ timeout: 300_000 });

    const res = await fetch(`${service.base}/analysis/job/${jobId}`, { headers: headers() });
    const job = (await res.json()) as { status: string; insights: ApiInsight[] };
    expect(job.status, JSON.stringify(job.insights).slice(0, 2000)).toBe('Completed');
    const titles = job.insights.map((i) => Object.values(i)[0]!.title);
    const section = (title: string) => page.locator('section[data-insight-type]').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

    // Every member type's results, retitled `<label> · <title>`, grouped under that type in the catalogue's order.
    const nested = ARTIFACT_TYPES.map((t) => ({ type: t, titles: titles.filter((x) => x.startsWith(`${evidenceTypes[t].label} · `)) }));
    for (const t of ['winevtx', 'registry', 'prefetch', 'lnk'] as const)
      expect(nested.find((n) => n.type === t)!.titles.length, `${t} results`).toBeGreaterThan(0);
    for (const n of nested.filter((g) => g.titles.length > 0)) {
      const group = page.locator(`[data-member-type="${n.type}"]`);
      const shown = await group.locator('[data-section-heading]').allTextContents();
      expect(shown).toEqual(n.titles);
    }

    // The order: Findings, the host tables, the Host Timeline's facts, then the member types.
    const findingsTop = await pageTop(page.locator('#job-findings'));
    const factsTop = await pageTop(page.locator('#host-timeline-facts'));
    const membersTop = await pageTop(page.locator('[data-member-type]'));
    expect(findingsTop).toBeLessThan(factsTop);
    expect(factsTop).toBeLessThan(membersTop);
    const hostTables = HOST_TABLES.filter((t) => titles.some((x) => x === t || x.startsWith(`${t}: `)));
    expect(hostTables, 'every host table the job made').toEqual(HOST_TABLES);
    let previous = findingsTop;
    for (const t of hostTables) {
      const top = await pageTop(section(t));
      expect(top, t).toBeGreaterThan(previous);
      expect(top, t).toBeLessThan(factsTop);
      previous = top;
    }
    // The job's own Findings table is what the page leads with, with the contract's columns.
    expect(titles).toContain('Findings');
    const findings = page.locator('#job-findings').getByRole('table', { name: 'Findings', exact: true });
    const findingsColumns = (await findings.getByRole('columnheader').allTextContents()).map((c) => c.replace(/[▲▼]/g, '').trim()).filter((c) => c !== '');
    expect(findingsColumns).toEqual(FINDINGS_COLUMNS);
    await page.screenshot({ path: join(SHOTS, 'host-page-top.png') });

    // A Findings row's evidence link brings its per-type row into view, highlighted.
    const evidence = page.locator('#job-findings [data-evidence-link]').first();
    await evidence.waitFor({ timeout: 10_000 });
    const [, row, title] = /^Go to row (\d+) of (.+)$/.exec((await evidence.getAttribute('aria-label'))!)!;
    await evidence.click();
    await expectInView(page, section(title!).locator('[data-focused]'));
    expect(await section(title!).locator('[data-focused]').getAttribute('data-row-id')).toBe(String(Number(row) - 1));
    await page.evaluate(() => window.scrollTo(0, 0));

    // The Host Timeline: every fact the triage search has, in the facts table.
    const facts = await apiFacts(jobId);
    expect(facts.length, 'Host Timeline facts').toBeGreaterThan(0);
    expect(facts.length, 'a collection small enough for one search').toBeLessThan(1000);
    const timeline = page.locator('#host-timeline-facts');
    const factTable = timeline.getByRole('table', { name: 'Host Timeline facts' });
    const factColumns = ['Time', 'Source', 'Time Kind', 'Description', 'User', 'Path', 'Importance', 'Evidence', 'Records'];
    await timeline.getByText(`${facts.length} row${facts.length === 1 ? '' : 's'}`, { exact: true }).waitFor({ timeout: 30_000 });

    // The brush, set from its boxes: the rows narrow to the window, as the REST search over that window has them.
    const times = [...new Set(facts.map((f) => Math.floor(f.time / 1000) * 1000))].sort((a, b) => a - b);
    expect(times.length, 'facts at more than one second').toBeGreaterThan(1);
    const from = times[Math.floor(times.length / 4)]!;
    const to = times[Math.max(Math.floor(times.length / 4), Math.floor((3 * times.length) / 4) - 1)]! + 999;
    const inWindow = await apiFacts(jobId, [], { start_time: from, end_time: to });
    expect(inWindow.length).toBe(facts.filter((f) => f.time >= from && f.time <= to).length);
    const box = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
    await timeline.getByLabel('From (UTC)').fill(box(from));
    await timeline.getByLabel('To (UTC)').fill(box(to));
    await timeline.getByRole('button', { name: 'Set window' }).click();
    await timeline.getByText(`${inWindow.length} row${inWindow.length === 1 ? '' : 's'}`, { exact: true }).waitFor({ timeout: 10_000 });
    for (const t of await shownColumn(factTable, factColumns, 'Time')) {
      expect(factTime(t)).toBeGreaterThanOrEqual(from);
      expect(factTime(t)).toBeLessThanOrEqual(to);
    }
    await timeline.screenshot({ path: join(SHOTS, 'host-page-brush.png') });

    // Dragging the brush's left handle (at the slider's left end, under the plot's left edge, once
    // the window is every fact) rightwards narrows the window: the boxes follow it, the rows stay within it.
    const all = { from: times[0]!, to: times.at(-1)! + 999 };
    await timeline.getByLabel('From (UTC)').fill(box(all.from));
    await timeline.getByLabel('To (UTC)').fill(box(all.to));
    await timeline.getByRole('button', { name: 'Set window' }).click();
    await timeline.getByText(`${facts.length} rows`, { exact: true }).waitFor({ timeout: 10_000 });
    const brush = (await timeline.getByTestId('time-brush').boundingBox())!;
    // The slider spans the plot (left 48 px, right 24 px), 22 px high, 8 px above the bottom; its handle's grip is just inside its left end.
    await page.mouse.move(brush.x + 51, brush.y + brush.height - 19);
    await page.mouse.down();
    await page.mouse.move(brush.x + brush.width / 2, brush.y + brush.height - 19, { steps: 8 });
    await page.mouse.up();
    const dragged = {
      from: factTime(`${await timeline.getByLabel('From (UTC)').inputValue()}.000 UTC`),
      to: factTime(`${await timeline.getByLabel('To (UTC)').inputValue()}.999 UTC`),
    };
    expect(dragged.from, 'the drag moved the window').toBeGreaterThan(all.from);
    expect(dragged.to).toBe(all.to);
    await timeline.screenshot({ path: join(SHOTS, 'host-page-dragged.png') });
    for (const t of await shownColumn(factTable, factColumns, 'Time')) {
      expect(factTime(t)).toBeGreaterThanOrEqual(dragged.from);
      expect(factTime(t)).toBeLessThanOrEqual(dragged.to);
    }

    // The user filter asks the server again: the facts attributed to that account, as REST finds them.
    const someUser = facts.find((f) => (f.details.User ?? '') !== '')?.details.User;
    expect(someUser, 'a fact attributed to a user').toBeDefined();
    const userFacts = await apiFacts(jobId, [{ field: 'user', operator: 'contains', value: someUser! }]);
    await timeline.getByLabel('User', { exact: true }).fill(someUser!);
    await timeline.getByRole('button', { name: 'Filter', exact: true }).click();
    await timeline.getByText(`${userFacts.length} row${userFacts.length === 1 ? '' : 's'}`, { exact: true }).waitFor({ timeout: 30_000 });
    for (const u of await shownColumn(factTable, factColumns, 'User')) expect(u.toLowerCase()).toContain(someUser!.toLowerCase());
    await timeline.getByLabel('User', { exact: true }).fill('');
    await timeline.getByRole('button', { name: 'Filter', exact: true }).click();

    const left = facts.filter((f) => f.time >= dragged.from).length;
    expect(left).toBeLessThan(facts.length);
    await timeline.getByText(`${left} row${left === 1 ? '' : 's'}`, { exact: true }).waitFor({ timeout: 10_000 });

    // The source filter asks the server again: only that type's facts, as many as REST finds.
    await timeline.getByLabel('To (UTC)').fill(box(all.to));
    await timeline.getByLabel('From (UTC)').fill(box(all.from));
    await timeline.getByRole('button', { name: 'Set window' }).click();
    const evtxFacts = await apiFacts(jobId, [{ field: 'source', operator: 'equals', value: 'winevtx' }]);
    expect(evtxFacts.length).toBeGreaterThan(0);
    await timeline.getByLabel('Source', { exact: true }).click();
    await page.getByRole('option', { name: 'EVTX', exact: true }).click();
    await timeline.getByText(`${evtxFacts.length} row${evtxFacts.length === 1 ? '' : 's'}`, { exact: true }).waitFor({ timeout: 30_000 });
    expect(new Set(await shownColumn(factTable, factColumns, 'Source'))).toEqual(new Set(['winevtx']));

    // A fact's evidence link reaches the per-type row it came from.
    const factEvidence = factTable.locator('[data-evidence-link]').first();
    await factEvidence.waitFor({ timeout: 10_000 });
    const [, factRow, factTitle] = /^Go to row (\d+) of (.+)$/.exec((await factEvidence.getAttribute('aria-label'))!)!;
    await factEvidence.click();
    const target = section(factTitle!).locator('[data-focused]');
    await expectInView(page, target);
    expect(await target.getAttribute('data-row-id')).toBe(String(Number(factRow) - 1));
    expect(await page.evaluate(() => window.location.hash)).toMatch(new RegExp(`/row-${Number(factRow) - 1}$`));
    await page.screenshot({ path: join(SHOTS, 'host-page-evidence-row.png') });

    // A fact's Records link opens the search of that type of the job, prefilled, with the records behind it.
    const withRecords = evtxFacts.find((f) => (f.details.Records ?? '') !== '');
    expect(withRecords, 'an EVTX fact naming its records').toBeDefined();
    const [type, rest] = withRecords!.details.Records!.split(/:\s*/, 2) as [string, string];
    const filters = rest.split(/;\s*/).map((p) => ({ field: p.slice(0, p.indexOf('=')), operator: 'equals', value: p.slice(p.indexOf('=') + 1) }));
    const behind = await apiSearch(type, jobId, filters);
    expect(behind.length, `records behind ${withRecords!.details.Records}`).toBeGreaterThan(0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await factTable.getByLabel(`Filter column Records`).fill(withRecords!.details.Records!);
    await factTable.locator('[data-records-link]').first().click();
    await page.waitForURL(/\/search\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get('job')).toBe(jobId);
    expect(url.searchParams.get('category')).toBe(type);
    await page.getByText(new RegExp(`: ${behind.length} matching records?$`)).waitFor({ timeout: 30_000 });
    await page.screenshot({ path: join(SHOTS, 'host-page-records-search.png') });

    // The member types' own searches of the job are one click from its page.
    await page.goBack();
    const searches = page.getByRole('navigation', { name: "Search this collection's records" });
    for (const n of nested.filter((g) => g.titles.length > 0))
      expect(await searches.getByRole('link', { name: evidenceTypes[n.type].label, exact: true }).getAttribute('href')).toBe(
        `/search?job=${jobId}&category=${n.type}`,
      );
    console.log(`screenshots: ${SHOTS}/host-page-*.png`);
    await page.close();
  });
});
