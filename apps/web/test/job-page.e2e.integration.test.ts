import { randomBytes } from 'node:crypto';
import { statSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { hasShared, sharedPath } from '@quarry/testkit';
import { CHROMIUM, HAVE_CHROMIUM, SHOTS, launchChromium } from './support/browser.js';
import { startService, type RunningService } from './support/service.js';
import { findTextOverlaps } from './support/text-overlap.js';

const runnable = HAVE_CHROMIUM && hasShared();
if (!runnable && process.env.CI) throw new Error(`${CHROMIUM} and ../shared are required in CI`);

/** APTSimulator run under Sysmon: mimikatz from C:\TMP, a masquerading svchost, schtasks persistence. */
const EVTX = sharedPath('samples/evtx/DFIRArtifactMuseum/Win10_APTSimulatorVM/Microsoft-Windows-Sysmon%4Operational.evtx');
const LEVELS = ['Critical', 'High', 'Medium', 'Low', 'Informational'] as const;
const IMPORTANCE_COLUMNS = ['importance', 'level'];

type ApiInsight = Record<string, { title: string; category: string; data: unknown; columns?: string[] }>;
/** A ranked row as the REST API gives it: the table it is in, its index there, its cells. */
interface ApiRow {
  title: string;
  category: string;
  index: number;
  columns: string[];
  cells: string[];
  level: string;
}

let service: RunningService;
let browser: Browser;
let token: string;
const key = randomBytes(32).toString('base64');

beforeAll(async () => {
  if (!runnable) return;
  service = await startService();
  token = service.newToken();
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await service?.stop();
});

/** Every row that carries a level, read from the REST API's insights (not from the page). */
async function apiRows(jobId: string): Promise<{ titles: string[]; rows: ApiRow[] }> {
  const res = await fetch(`${service.base}/analysis/job/${jobId}`, { headers: { 'X-Service-Api-Token': token, 'X-Service-Api-Enc-Key': key } });
  const body = (await res.json()) as { status: string; insights: ApiInsight[] };
  expect(body.status).toBe('Completed');
  const rows: ApiRow[] = [];
  const titles: string[] = [];
  for (const insight of body.insights) {
    const [kind, p] = Object.entries(insight)[0]!;
    titles.push(p.title);
    let columns: string[] = [];
    let lines: string[][] = [];
    if (kind === 'Table') [columns = [], ...lines] = p.data as string[][];
    if (kind === 'IndexTable') {
      columns = p.columns!.slice(0, -1);
      lines = (p.data as [string[], unknown][]).map(([cells]) => cells);
    }
    if (kind === 'Timeline') {
      columns = ['Event', 'Description', 'Importance'];
      lines = (p.data as { short_name: string; description: string; importance: string }[]).map((e) => [e.short_name, e.description, e.importance]);
    }
    const at = columns.findIndex((c) => IMPORTANCE_COLUMNS.includes(c.toLowerCase()));
    if (at < 0) continue;
    lines.forEach((cells, index) => rows.push({ title: p.title, category: p.category, index, columns, cells, level: capitalised(cells[at] ?? '') }));
  }
  return { titles, rows };
}

const capitalised = (v: string) => v.charAt(0).toUpperCase() + v.slice(1).toLowerCase();

/** Top of an element in page coordinates (independent of the scroll position). */
async function pageTop(page: Page, selector: string): Promise<number> {
  return page
    .locator(selector)
    .first()
    .evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
}

describe.runIf(runnable)('the job page leads with findings', () => {
  test('counts, findings, Sigma by level, then the sections; links reach rows; tables filter and sort; no text overlaps at 1280, 1440 and 1920 px', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${service.base}/`);
    await page.getByLabel('API token').fill(token);
    await page.getByLabel('Encryption key (optional)').fill(key);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/evidence$/);
    await page.locator('input[type=file]').setInputFiles(EVTX);
    await page.getByTestId('upload-entry').getByText('Uploaded').waitFor({ timeout: 60_000 });
    await page.getByLabel(`Select ${basename(EVTX)}`).check();
    expect(await page.getByLabel('Run Sigma rules on EVTX').isChecked()).toBe(true);
    await page.getByRole('button', { name: /^Parse / }).click();
    await page.waitForURL(/\/jobs\/[0-9a-f-]{36}$/, { timeout: 30_000 });
    const jobId = page.url().split('/').pop()!;
    // Live, not polled: the page opened on the running job records every progress line it shows;
    // the record itself proves the document was never reloaded on the way to Completed.
    await page.evaluate(() => {
      const w = window as unknown as { progressSeen: string[] };
      w.progressSeen = [];
      const record = () => {
        const line = document.querySelector('[data-testid="job-progress"]')?.textContent;
        if (line && w.progressSeen.at(-1) !== line) w.progressSeen.push(line);
      };
      record();
      new MutationObserver(record).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await page.getByLabel('Status: Completed').waitFor({ timeout: 240_000 });
    const progressSeen = await page.evaluate(() => (window as unknown as { progressSeen?: string[] }).progressSeen);
    expect(progressSeen, 'the same document from the running job to Completed').toBeDefined();
    // The total is the evidence's size (2,166,784 bytes), as the worker counts it.
    const total = `${(statSync(EVTX).size / 2 ** 20).toFixed(1)} MiB`;
    expect(progressSeen!.length, 'progress shown while the job ran').toBeGreaterThan(0);
    for (const line of progressSeen!) expect(line).toMatch(new RegExp(`^[0-9.]+ (B|KiB|MiB) of ${total.replace('.', '\\.')} read$`));
    const { titles, rows } = await apiRows(jobId);

    // The evidence's attack: mimikatz's sekurlsa::LogonPasswords run through at.exe is Critical (INSIGHTS.md L4 C5).
    const critical = rows.filter((r) => r.level === 'Critical');
    expect(critical.some((r) => r.cells.join(' ').includes('sekurlsa::LogonPasswords'))).toBe(true);

    // Counts by importance: every level's rows over all ranked result types, as the API has them.
    for (const level of LEVELS) {
      const n = rows.filter((r) => r.level === level).length;
      await expect.poll(() => page.getByTestId(`count-${level}`).textContent(), { message: level }).toBe(n.toLocaleString('en-US'));
    }

    // One list of the Critical rows, then the High ones, of every result type.
    const findings = page.getByRole('table', { name: 'Critical and High findings' });
    const urgent = rows.filter((r) => r.level === 'Critical' || r.level === 'High');
    await page.getByRole('button', { name: `Show all ${urgent.length} findings` }).click();
    const listed = await findings.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-finding')));
    expect(listed).toEqual([...critical.map(() => 'Critical'), ...urgent.filter((r) => r.level === 'High').map(() => 'High')]);
    const listedTypes = new Set(await findings.locator('tbody tr td:nth-child(2) a:first-child').allTextContents());
    expect(listedTypes).toEqual(new Set(urgent.map((r) => r.title)));
    await expect.poll(() => findings.getByText('sekurlsa::LogonPasswords', { exact: false }).count()).toBeGreaterThan(0);
    // The list filters over every cell of its rows.
    await page.getByLabel('Filter findings', { exact: true }).fill('SCHTASKS');
    const schtasks = urgent.filter((r) => [r.title, ...r.cells].join('\n').toLowerCase().includes('schtasks'));
    expect(schtasks.length).toBeGreaterThan(0);
    await expect.poll(() => findings.locator('tbody tr').count()).toBe(schtasks.length);
    await page.getByText(`${schtasks.length} of ${urgent.length} findings`).waitFor();
    await page.getByLabel('Filter findings', { exact: true }).fill('');

    // Sigma by level: every matched rule of the Sigma table, under its level.
    const sigmaRows = rows.filter((r) => r.category === 'Sigma');
    expect(sigmaRows.length, 'Sigma rules matched the attack sample').toBeGreaterThan(0);
    const sigma = page.getByRole('table', { name: 'Sigma matches by level' });
    for (const r of sigmaRows) {
      const rule = r.cells[r.columns.indexOf('Rule')]!;
      await expect.poll(() => sigma.locator(`tr[data-sigma-level="${r.level}"]`).getByRole('link', { name: rule, exact: true }).count()).toBe(1);
    }

    // The order: summary with counts, findings, Sigma, then the table of contents beside the sections.
    const tops = {
      summary: await pageTop(page, '#job-summary'),
      findings: await pageTop(page, '#job-findings'),
      sigma: await pageTop(page, '#job-sigma'),
      toc: await pageTop(page, 'nav[aria-label="Sections of this job"]'),
      sections: await pageTop(page, 'section[data-insight-type]'),
    };
    expect(tops.summary).toBeLessThan(tops.findings);
    expect(tops.findings).toBeLessThan(tops.sigma);
    expect(tops.sigma).toBeLessThan(tops.toc);
    expect(tops.sigma).toBeLessThan(tops.sections);
    // Every result type is in the table of contents, in the API's order, and its link reaches its section.
    const toc = page.getByRole('navigation', { name: 'Sections of this job' });
    const tocTitles = await toc.locator('a[href^="#insight-"]').evaluateAll((as) => as.map((a) => a.getAttribute('aria-label')));
    expect(tocTitles).toEqual(titles);
    await page.getByRole('button', { name: /^Show the first 20 findings only$/ }).click();

    // The sticky contents stay in view deep in the page, and jump to a section.
    await toc.getByRole('link', { name: 'Process Analysis: Command Lines', exact: true }).click();
    await expect
      .poll(() =>
        page.getByRole('heading', { name: 'Process Analysis: Command Lines', exact: true }).evaluate((h) => Math.round(h.getBoundingClientRect().top)),
      )
      .toBeLessThan(200);
    expect(await toc.evaluate((n) => n.getBoundingClientRect().top)).toBeGreaterThanOrEqual(0);
    await page.evaluate(() => window.scrollTo(0, 0));

    // A finding's link reaches its row, past the collapsed part of a long table.
    const far = urgent.find((r) => r.title === 'Process Analysis: Command Lines' && r.index >= 10) ?? urgent.find((r) => r.index >= 10) ?? urgent[0]!;
    await page.getByRole('button', { name: /^Show all \d+ findings$/ }).click();
    await page.getByRole('link', { name: `Go to row ${far.index + 1} of ${far.title}`, exact: true }).click();
    const focused = page.locator(`section[aria-labelledby$="-title"] [data-focused]`);
    await focused.waitFor({ timeout: 10_000 });
    const box = (await focused.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(900);
    const nameCell = far.cells.find((c, i) => c !== '' && !/^\d+$/.test(c) && !IMPORTANCE_COLUMNS.includes(far.columns[i]!.toLowerCase()))!;
    expect((await focused.textContent())!).toContain(nameCell.slice(0, 40));
    expect(await page.evaluate(() => window.location.hash)).toBe(
      `#insight-${far.title
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '')}/row-${far.index}`,
    );
    await page.screenshot({ path: join(SHOTS, 'job-page-focused-row.png') });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('button', { name: /^Show the first 20 findings only$/ }).click();

    // A table filters and sorts in place: Process Analysis, against the API's rows.
    const processRows = rows.filter((r) => r.title === 'Process Analysis');
    const processSection = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Process Analysis', exact: true }) });
    const processTable = page.getByRole('table', { name: 'Process Analysis', exact: true });
    expect(await processTable.locator('[data-row-id]').count(), 'collapsed to 10 rows').toBe(Math.min(10, processRows.length));
    await processSection.getByLabel('Filter Process Analysis', { exact: true }).fill('svchost');
    const matching = processRows.filter((r) => r.cells.some((c) => c.toLowerCase().includes('svchost')));
    expect(matching.length).toBeGreaterThan(0);
    await processSection.getByText(`${matching.length} of ${processRows.length} rows`).waitFor();
    await processSection.getByLabel('Filter Process Analysis', { exact: true }).fill('');
    const executions = processRows.map((r) => Number(r.cells[r.columns.indexOf('Executions')]));
    const header = processTable.getByRole('columnheader', { name: /^Executions/ });
    await header.getByRole('button').click();
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('ascending');
    const firstExecutions = () =>
      processTable
        .locator('[data-row-id] [role=cell]')
        .nth(1 + processRows[0]!.columns.indexOf('Executions'))
        .textContent();
    expect(Number(await firstExecutions())).toBe(Math.min(...executions));
    await header.getByRole('button').click();
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('descending');
    expect(Number(await firstExecutions())).toBe(Math.max(...executions));
    await processSection.getByRole('button', { name: `Show all ${processRows.length} rows` }).click();
    await expect.poll(() => processTable.locator('[data-row-id]').count()).toBeGreaterThan(10);

    // No two pieces of text drawn over each other, from the narrowest supported width to a wide one
    // (the findings list opened in full).
    await page.getByRole('button', { name: /^Show all \d+ findings$/ }).click();
    // 1440 px is where the issue saw Overview's long keys run over their values.
    for (const width of [1280, 1440, 1920]) {
      await page.setViewportSize({ width, height: 900 });
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.waitForTimeout(500);
      const checked = ['#job-summary', '#job-findings', '#job-sigma', 'nav[aria-label="Sections of this job"]', 'section[data-insight-type="Metadata"]'];
      const result = await page.evaluate(findTextOverlaps, checked);
      expect(result.boxes, `text boxes checked at ${width} px`).toBeGreaterThan(200);
      expect(result.overlaps, `overlapping text at ${width} px`).toEqual([]);
      // The long Overview keys keep to their column: each key's box ends before its value's starts.
      const overview = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Overview', exact: true }) });
      const keyBox = (await overview.getByText('sigma_rules_without_logsource', { exact: true }).boundingBox())!;
      const valueBox = (await overview.locator('dt', { hasText: 'sigma_rules_without_logsource' }).locator('xpath=following-sibling::dd[1]').boundingBox())!;
      expect(keyBox.x + keyBox.width).toBeLessThanOrEqual(valueBox.x);
      await page.screenshot({ path: join(SHOTS, `job-page-${width}-top.png`) });
      await page.screenshot({ path: join(SHOTS, `job-page-${width}.png`), fullPage: true });
      await overview.screenshot({ path: join(SHOTS, `job-page-${width}-overview.png`) });
    }

    // A row's address opened afresh (the key is asked again: it lives in memory only) still lands on the row.
    await page.goto('about:blank');
    await page.goto(`${service.base}/jobs/${jobId}#insight-process-analysis/row-${processRows.length - 1}`);
    await page.getByLabel('Encryption key').fill(key);
    await page.getByRole('button', { name: 'Open' }).click();
    const last = page.getByRole('table', { name: 'Process Analysis', exact: true }).locator('[data-focused]');
    await last.waitFor({ timeout: 30_000 });
    expect(await last.getAttribute('data-row-id')).toBe(String(processRows.length - 1));
    const lastBox = (await last.boundingBox())!;
    expect(lastBox.y).toBeGreaterThanOrEqual(0);
    expect(lastBox.y + lastBox.height).toBeLessThanOrEqual(900);
    expect((await last.textContent())!).toContain(processRows.at(-1)!.cells[0]!);
    console.log(`screenshots: ${SHOTS}/job-page-*.png`);
    await page.close();
  });
});
