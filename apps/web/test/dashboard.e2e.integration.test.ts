import { randomBytes } from 'node:crypto';
import { basename, join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { hasShared, sharedPath } from '@quarry/testkit';
import { CHROMIUM, HAVE_CHROMIUM, SHOTS, launchChromium } from './support/browser.js';
import { startService, type RunningService } from './support/service.js';

const runnable = HAVE_CHROMIUM && hasShared();
if (!runnable && process.env.CI) throw new Error(`${CHROMIUM} and ../shared are required in CI`);

const EVTX = sharedPath('samples/evtx/DFIRArtifactMuseum/Win10_APTSimulatorVM/Microsoft-Windows-Sysmon%4Operational.evtx');
const HIVE = sharedPath('samples/registry/plaso/NTUSER.DAT');
const PREFETCH = sharedPath('samples/prefetch/Windows-Prefetch-Parser/Win10/CALC.EXE-3FBEF7FD.pf');
const YARA_RULE = 'rule quarry_e2e_hello { strings: $a = "hello" condition: $a }';

let service: RunningService;
let browser: Browser;
let token: string;
const key = randomBytes(32).toString('base64');
const jobs: Record<string, string> = {};

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

async function shot(page: Page, name: string): Promise<void> {
  const path = join(SHOTS, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  // The first screen too: full job pages are too tall to read as one picture.
  await page.screenshot({ path: join(SHOTS, `${name}-top.png`) });
  console.log(`screenshot: ${path}`);
}

/** One insight's card on its own, to look at how its type is drawn. */
async function shotInsight(page: Page, title: string, name: string): Promise<void> {
  const card = page
    .locator('section')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) })
    .first();
  await card.scrollIntoViewIfNeeded();
  await page.waitForTimeout(300);
  await card.screenshot({ path: join(SHOTS, `${name}.png`) });
}

/** Insight titles as the REST API gives them, for comparing with the page. */
async function apiTitles(jobId: string, withKey: boolean): Promise<string[]> {
  const res = await fetch(`${service.base}/analysis/job/${jobId}`, {
    headers: { 'X-Service-Api-Token': token, ...(withKey ? { 'X-Service-Api-Enc-Key': key } : {}) },
  });
  const body = (await res.json()) as { status: string; insights: Record<string, { title?: string }>[] };
  expect(body.status).toBe('Completed');
  return body.insights.flatMap((i) => Object.values(i).map((p) => p.title ?? '')).filter(Boolean);
}

/** Waits for the job page to show Completed, then checks every insight title from the API is on it. */
async function expectJobPage(page: Page, withKey: boolean): Promise<string> {
  await page.waitForURL(/\/jobs\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  const id = page.url().split('/').pop()!;
  await page.getByLabel('Status: Completed').waitFor({ timeout: 240_000 });
  const titles = await apiTitles(id, withKey);
  expect(titles.length).toBeGreaterThan(0);
  for (const title of titles) {
    expect(await page.getByRole('heading', { name: title, exact: true }).count(), `insight "${title}" on the page`).toBeGreaterThan(0);
  }
  return id;
}

async function parseSelected(page: Page, fileName: string): Promise<void> {
  await page.getByRole('link', { name: 'Evidence' }).click();
  await page.getByLabel(`Select ${fileName}`).check();
  await page.getByRole('button', { name: /^Parse / }).click();
}

describe.runIf(runnable)('the dashboard, end to end against the real service', () => {
  test('sign in, upload (pausing and resuming a tus upload), run every job kind, read the job pages, search, look up, scan inline', async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    const patches: number[] = [];
    const urls: string[] = [];
    page.on('request', (r) => {
      urls.push(r.url());
      if (r.method() === 'PATCH' && r.url().includes('/api/tus/')) patches.push(Number(r.headers()['upload-offset']));
    });

    await page.goto(`${service.base}/`);
    await shot(page, '01-sign-in');
    await page.getByLabel('API token').fill(token);
    await page.getByLabel('Encryption key (optional)').fill(key);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/evidence$/);

    // Three evidence files, uploaded resumably; their kinds are read from their contents.
    await page.locator('input[type=file]').setInputFiles([EVTX, HIVE, PREFETCH]);
    await expect.poll(() => page.getByTestId('upload-entry').filter({ hasText: 'Uploaded' }).count(), { timeout: 60_000 }).toBe(3);
    await expect.poll(() => page.getByRole('table', { name: 'Files' }).getByRole('row').count()).toBe(4);

    // A larger upload, throttled so it can be paused half-way, then resumed from the server's offset.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 3 * 1024 * 1024 });
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'big-evidence.bin', mimeType: 'application/octet-stream', buffer: randomBytes(16 * 1024 * 1024) });
    const big = page.getByTestId('upload-entry').filter({ hasText: 'big-evidence.bin' });
    await expect.poll(async () => Number((await big.textContent())?.match(/(\d+)%/)?.[1] ?? 0), { timeout: 30_000 }).toBeGreaterThanOrEqual(25);
    await big.getByRole('button', { name: 'Pause' }).click();
    await big.getByText('Paused').waitFor();
    await shot(page, '02-evidence-paused');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await big.getByRole('button', { name: 'Resume' }).click();
    await big.getByText('Uploaded').waitFor({ timeout: 60_000 });
    expect(
      patches.some((offset) => offset > 0),
      `a PATCH resumed past 0 (offsets ${patches.join(', ')})`,
    ).toBe(true);
    await shot(page, '03-evidence-uploaded');

    // Each parse kind, then a YARA scan; each job page lists every insight the API has.
    await page.getByLabel(`Select ${basename(EVTX)}`).check();
    await page.getByRole('button', { name: /^Parse / }).click();
    jobs.evtx = await expectJobPage(page, true);
    await expect.poll(() => page.locator('[data-testid=graph-canvas] svg g.node').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    // Summary nodes open to their members (the DOT laid out again with them attached).
    const nodes = page.locator('[data-testid=graph-canvas] svg g.node');
    const folded = await nodes.count();
    await page.getByRole('button', { name: 'Open all summaries' }).click();
    await expect.poll(() => nodes.count(), { timeout: 30_000 }).toBeGreaterThan(folded);
    await page.getByRole('button', { name: 'Close all summaries' }).click();
    await expect.poll(() => nodes.count(), { timeout: 30_000 }).toBe(folded);
    await shot(page, '04-job-evtx');
    await shotInsight(page, 'Process Inference Graph', '04a-graph');
    await shotInsight(page, 'Key Event Timeline', '04b-timeline');
    await shotInsight(page, 'Overview: Events by ID', '04c-chart-bar');
    await shotInsight(page, 'Overview: Sigma Matches by Level', '04d-chart-pie');
    await shotInsight(page, 'Overview', '04e-metadata');
    await shotInsight(page, 'Process Analysis: Command Lines', '04f-table');
    // Big tables are virtualised: hundreds of rows, a screenful rendered.
    const commandLines = page.getByRole('table', { name: 'Process Analysis: Command Lines' });
    const total = Number(
      (await page
        .locator('section')
        .filter({ has: commandLines })
        .getByText(/^\d+ rows?$/)
        .textContent())!.split(' ')[0],
    );
    expect(total).toBeGreaterThan(200);
    expect(await commandLines.getByRole('row').count()).toBeLessThan(60);
    // A record id opens the search page on that record (client-side: the key stays in memory).
    await page.getByRole('table', { name: 'Key Event Timeline entries' }).getByRole('link').first().click();
    await page.getByText(/Event Table: 1 matching record$/).waitFor({ timeout: 60_000 });
    await page.goBack();
    await page.getByLabel('Status: Completed').waitFor();

    await parseSelected(page, basename(HIVE));
    jobs.registry = await expectJobPage(page, true);
    await shot(page, '05-job-registry');

    await parseSelected(page, basename(PREFETCH));
    jobs.prefetch = await expectJobPage(page, true);
    await shot(page, '06-job-prefetch');

    await page.getByRole('link', { name: 'Evidence' }).click();
    await page.getByLabel(`Select ${basename(EVTX)}`).check();
    await page.getByRole('button', { name: /^Scan 1 file/ }).click();
    jobs.yara = await expectJobPage(page, true);
    await shot(page, '07-job-yara');

    await page.getByRole('link', { name: 'Evidence' }).click();
    await page.getByLabel(`Select ${basename(EVTX)}`).check();
    await page.getByRole('combobox', { name: 'Scan engine' }).click();
    await page.getByRole('option', { name: 'Sigma' }).click();
    await page.getByRole('button', { name: /^Scan 1 file/ }).click();
    jobs.sigma = await expectJobPage(page, true);
    await shot(page, '07b-job-sigma');

    await page.getByRole('link', { name: 'Jobs' }).click();
    await expect.poll(() => page.getByRole('table', { name: 'Jobs' }).getByLabel('Status: Completed').count()).toBe(5);
    await shot(page, '08-jobs');
    // Deleting asks first, then the job is gone from the list.
    page.once('dialog', (d) => void d.accept());
    await page
      .getByRole('button', { name: /^Delete job / })
      .first()
      .click();
    await expect.poll(() => page.getByRole('table', { name: 'Jobs' }).getByRole('row').count()).toBe(5);

    // Search the EVTX job's records with a filter (client-side navigation keeps the key in memory).
    await page.getByRole('link', { name: 'Search' }).click();
    await page.getByLabel('Job id').fill(jobs.evtx);
    await page.getByRole('button', { name: 'Add filter' }).click();
    await page.getByLabel('Filter 1 field').fill('event_id');
    await page.getByLabel('Filter 1 value').fill('1');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByText(/Event Table: \d+ matching record/).waitFor({ timeout: 60_000 });
    const eventRows = page.getByRole('table', { name: 'Event Table' }).getByRole('row');
    expect(await eventRows.count()).toBeGreaterThan(1);
    await page.getByRole('button', { name: 'Show details' }).first().click();
    await shot(page, '09-search');

    // An event id in the EVTX Overview links to its lookup row (client-side, so the key stays in memory).
    await page.getByRole('link', { name: 'Jobs' }).click();
    await page.locator(`a[href="/jobs/${jobs.evtx}"]`).first().click();
    await page.getByRole('link', { name: 'Look up' }).first().click();
    await page.waitForURL(/\/lookup\?module=event_id&search=\d+/);
    await expect.poll(() => page.getByRole('table', { name: 'Lookup results' }).getByRole('row').count(), { timeout: 30_000 }).toBeGreaterThan(1);
    await shot(page, '10a-lookup-from-overview');

    await page.getByRole('link', { name: 'Lookups' }).click();
    // The page may keep the event-id lookup the link opened: choose the module explicitly.
    await page.getByText('Executables and DLLs', { exact: true }).click();
    await page.getByLabel('Search', { exact: true }).fill('lsass.exe');
    await page.getByRole('button', { name: 'Look up' }).click();
    await expect.poll(() => page.getByRole('table', { name: 'Lookup results' }).getByRole('row').count(), { timeout: 30_000 }).toBeGreaterThan(1);
    await shot(page, '10-lookup');

    await page.getByRole('link', { name: 'Rules' }).click();
    await page.getByLabel('Test data').fill('say hello world');
    await page.getByRole('textbox', { name: 'YARA rule' }).fill(YARA_RULE);
    await page.getByRole('button', { name: 'Scan', exact: true }).click();
    await page.getByRole('table', { name: 'Scan matches' }).getByText('quarry_e2e_hello').waitFor({ timeout: 30_000 });
    await shot(page, '11-rules');
    await page.close();

    // Every request went to this server only, and neither the token nor the key was ever in a URL.
    expect(urls.filter((u) => !u.startsWith(service.base) && !u.startsWith('data:') && !u.startsWith('blob:'))).toEqual([]);
    expect(urls.filter((u) => u.includes(token) || u.includes(key) || u.includes(encodeURIComponent(key)))).toEqual([]);
  });

  test('a private job is unreadable without the key, and opens once it is given', async () => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${service.base}/`);
    await page.getByLabel('API token').fill(token);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/evidence$/);
    await page.goto(`${service.base}/jobs/${jobs.evtx}`);
    await page.getByText('This job is private').waitFor();
    await expect.poll(() => page.getByRole('heading', { name: 'Process Inference Graph' }).count()).toBe(0);
    await shot(page, '12-private-needs-key');
    await page.getByLabel('Encryption key').fill(key);
    await page.getByRole('button', { name: 'Open' }).click();
    await page.getByRole('heading', { name: 'Process Inference Graph' }).waitFor();
    await context.close();
  });

  test('a public job opens without a token', async () => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${service.base}/evidence`);
    await page.locator('input[type=file]').setInputFiles(PREFETCH);
    await page.getByTestId('upload-entry').getByText('Uploaded').waitFor({ timeout: 30_000 });
    await page.getByLabel(`Select ${basename(PREFETCH)}`).check();
    await page.getByRole('button', { name: /^Parse / }).click();
    await page.waitForURL(/\/jobs\/[0-9a-f-]{36}$/);
    await page.getByLabel('Status: Completed').waitFor({ timeout: 240_000 });
    const id = page.url().split('/').pop()!;
    // A fresh browser (no session at all) opens it by its link.
    const stranger = await (await browser.newContext()).newPage();
    await stranger.goto(`${service.base}/jobs/${id}`);
    await stranger.getByRole('heading', { name: 'Execution Timeline', exact: true }).waitFor({ timeout: 30_000 });
    await shot(stranger, '13-public-job-anonymous');
    await context.close();
  });
});
