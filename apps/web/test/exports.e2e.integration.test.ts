import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { parse } from 'csv-parse/sync';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { hasShared, sharedPath } from '@quarry/testkit';
import { CHROMIUM, HAVE_CHROMIUM, launchChromium } from './support/browser.js';
import { startService, type RunningService } from './support/service.js';

const runnable = HAVE_CHROMIUM && hasShared();
if (!runnable && process.env.CI) throw new Error(`${CHROMIUM} and ../shared are required in CI`);

const EVTX = sharedPath('samples/evtx/EVTX-ATTACK-SAMPLES/LM_WMI_4624_4688_TargetHost.evtx');

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

const headers = () => ({ 'X-Service-Api-Token': token, 'X-Service-Api-Enc-Key': key });

/** A private EVTX job of the signed-in user, through REST, to completion; its REST answer. */
async function privateJob(): Promise<{ id: string; insights: Record<string, { title: string; data: unknown }>[] }> {
  const form = new FormData();
  form.append('files', new Blob([new Uint8Array(readFileSync(EVTX))]), basename(EVTX));
  const up = (await (await fetch(`${service.base}/analysis/upload`, { method: 'POST', body: form, headers: headers() })).json()) as { file_ids: string[][] };
  const parse = await fetch(`${service.base}/analysis/winevtx/parse`, {
    method: 'POST',
    headers: { ...headers(), 'Content-Type': 'application/json' },
    body: JSON.stringify({ file_ids: [up.file_ids[0]![0]], run_sigma_rules: false }),
  });
  const { id } = (await parse.json()) as { id: string };
  for (let i = 0; i < 600; i++) {
    const job = (await (await fetch(`${service.base}/analysis/job/${id}`, { headers: headers() })).json()) as { status: string; insights: [] };
    if (job.status === 'Completed') return { id, insights: job.insights };
    if (job.status === 'Failed') throw new Error(`job ${id} failed`);
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`job ${id} did not complete`);
}

/** What a spreadsheet-safe CSV holds for a cell (the writers' formula defence). */
const csvCell = (cell: string): string => (/^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell);

test.skipIf(!runnable)(
  "a private job's table and the whole job download from the dashboard: the browser saves the file, the link holds no key",
  async () => {
    const job = await privateJob();
    const table = job.insights.find((i) => 'Table' in i && (i['Table']!.data as string[][]).length > 1)!['Table']! as { title: string; data: string[][] };
    const context = await browser.newContext({ acceptDownloads: true, viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${service.base}/`);
    await page.getByLabel('API token').fill(token);
    await page.getByLabel('Encryption key (optional)').fill(key);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/evidence$/);
    // Opened afresh, the page asks for the key again (it lives in memory only).
    await page.goto(`${service.base}/jobs/${job.id}`);
    await page.getByLabel('Encryption key').fill(key);
    await page.getByRole('button', { name: 'Open' }).click();
    await page.getByRole('button', { name: `Export ${table.title}` }).click();
    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'CSV' }).click()]);
    expect(csv.url()).toMatch(/\/analysis\/export\/[A-Za-z0-9_-]{43}$/);
    expect(csv.url()).not.toContain(encodeURIComponent(key));
    expect(csv.suggestedFilename()).toMatch(/\.csv$/);
    expect(parse(readFileSync((await csv.path())!), { bom: true })).toEqual(table.data.map((row) => row.map(csvCell)));

    await page.getByRole('button', { name: 'Export', exact: true }).click();
    const [jsonl] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'JSONL (records and insight rows)' }).click()]);
    const lines = readFileSync((await jsonl.path())!, 'utf8')
      .split('\n')
      .filter(Boolean);
    const records = lines.filter((l) => 'Event' in (JSON.parse(l) as object));
    expect(records.length).toBeGreaterThan(0);
    expect(lines.length).toBeGreaterThan(records.length);
    await context.close();
  },
  300_000,
);
