import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { afterAll, expect, test } from 'vitest';
import { WORKER_HEAP_MB } from '@quarry/config';
import { freePort } from '@quarry/devstack';
import { WORKER_MAIN } from '@quarry/worker/entry';

const MAIN = fileURLToPath(new URL('../dist/main.js', import.meta.url));
const ADMIN = fileURLToPath(new URL('../../../packages/db/dist/cli/admin.js', import.meta.url));
const CHROMIUM = '/usr/bin/chromium';
if (!existsSync(CHROMIUM)) {
  if (process.env.CI) throw new Error(`${CHROMIUM} is required in CI (apt-get install chromium)`);
  console.warn(`${CHROMIUM} not installed: the dashboard browser check is skipped`);
}
const dataDir = mkdtempSync(join(tmpdir(), 'quarry-start-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

test('the start command brings up PostgreSQL, Temporal, a worker and the web server, then stops cleanly', async () => {
  const port = await freePort();
  const uiPort = await freePort();
  const child = spawn(process.execPath, [MAIN], {
    // No first-start rule fetch: tests never reach the internet (first-run.integration.test.ts covers it).
    env: {
      ...process.env,
      PORT: String(port),
      TEMPORAL_UI_PORT: String(uiPort),
      QUARRY_DATA_DIR: dataDir,
      DATABASE_URL: '',
      TEMPORAL_ADDRESS: '',
      LOG_LEVEL: 'warn',
      QUARRY_RULES_AUTO_FETCH: 'false',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  try {
    const base = `http://127.0.0.1:${port}`;
    let health: Response | undefined;
    const deadline = Date.now() + 240_000;
    while (Date.now() < deadline) {
      health = await fetch(`${base}/healthz`).catch(() => undefined);
      if (health?.status === 200) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(health?.status).toBe(200);
    expect(await health!.json()).toEqual({ ok: true, checks: { postgres: true, temporal: true, worker: true } });
    // The supervised worker runs with its heap bound and young-generation size (docs/operations.md, "Worker memory").
    const children = execFileSync('ps', ['--ppid', String(child.pid), '-o', 'args='], { encoding: 'utf8' }).split('\n');
    const worker = children.find((c) => c.includes(WORKER_MAIN));
    expect(worker).toContain(`--max-old-space-size=${WORKER_HEAP_MB}`);
    expect(worker).toContain('--max-semi-space-size=64 --heap-growing-percent=300');
    // The banner comes once the worker polls and the rule sets are compiled, after every log line:
    // stdout is a pipe here, so our lines are JSON (Next.js adds a line of its own), and the
    // banner ends the output.
    const bannerDeadline = Date.now() + 60_000;
    while (!out.includes('Press Ctrl+C to stop.') && Date.now() < bannerDeadline) await new Promise((r) => setTimeout(r, 250));
    const [logged = '', banner = ''] = out.split('\nQuarry is running.\n');
    for (const line of logged.split('\n').filter((l) => l.startsWith('{'))) expect(() => JSON.parse(line) as unknown).not.toThrow();
    expect(logged).not.toMatch(/^\[\d\d:\d\d:\d\d\] (INFO|WARN|ERROR) /m);
    expect(banner.trimEnd().endsWith('Press Ctrl+C to stop.')).toBe(true);
    expect(banner).toMatch(/ {2}Rules {6}Sigma \d+ rules, YARA \d+ rules/);
    expect(banner).toContain('npm run -s admin -- user create');
    expect(out).toContain(`API        ${base}`);
    expect(out).toContain(`Dashboard  ${base}/`);
    expect(out).toContain(`Temporal   http://127.0.0.1:${uiPort}`);

    const page = await fetch(`${base}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Quarry');
    const ui = await fetch(`http://127.0.0.1:${uiPort}/`);
    expect(ui.status).toBe(200);

    // The other two fronts answer over the same services.
    const gql = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    expect(await gql.json()).toEqual({ data: { __typename: 'Query' } });
    const trpc = await fetch(`${base}/api/trpc/listFiles`);
    expect(trpc.status).toBe(401);

    // The README's admin command works against the embedded database while the service runs.
    const adminOut = execFileSync(process.execPath, [ADMIN, 'user', 'create', '--name', 'analyst', '--tier', 'pro'], {
      env: { ...process.env, QUARRY_DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    }).toString();
    const token = adminOut.trimEnd().split('\n').pop()!;
    const form = new FormData();
    form.append('files', new Blob([randomBytes(4096)]), 'evidence-one.bin');
    const up = await fetch(`${base}/upload`, {
      method: 'POST',
      headers: { 'X-Service-Api-Token': token, 'X-Service-Api-Enc-Key': randomBytes(32).toString('base64') },
      body: form,
    });
    expect(up.status).toBe(200);

    if (existsSync(CHROMIUM)) await checkDashboardInBrowser(base, token);
  } finally {
    child.kill('SIGINT');
  }
  expect(await exited).toBe(0);
});

/** A real browser loads the dashboard, signs in with the token and sees the caller's file listed. */
async function checkDashboardInBrowser(base: string, token: string): Promise<void> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--headless=new'] });
  try {
    const page = await browser.newPage();
    await page.goto(`${base}/`);
    await page.getByLabel('API token').fill('3f1b6a2e-8c4d-4e5f-9a6b-7c8d9e0f1a2b');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByRole('alert', { name: 'Could not sign in' }).textContent()).toContain('Unauthorized');
    await page.getByLabel('API token').fill(token);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/evidence$/);
    await expect.poll(() => page.getByText(/^Files \(\d+\)$/).textContent()).toBe('Files (1)');
    expect(await page.getByRole('cell', { name: 'evidence-one.bin', exact: true }).count()).toBe(1);
  } finally {
    await browser.close();
  }
}
