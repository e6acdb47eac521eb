import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, test } from 'vitest';
import { freePort } from '@quarry/devstack';

const MAIN = fileURLToPath(new URL('../dist/main.js', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'quarry-start-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

test('the start command brings up PostgreSQL, Temporal, a worker and the web server, then stops cleanly', async () => {
  const port = await freePort();
  const uiPort = await freePort();
  const child = spawn(process.execPath, [MAIN], {
    env: { ...process.env, PORT: String(port), TEMPORAL_UI_PORT: String(uiPort), QUARRY_DATA_DIR: dataDir, DATABASE_URL: '', TEMPORAL_ADDRESS: '', LOG_LEVEL: 'warn' },
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
    expect(out).toContain(`API        ${base}`);
    expect(out).toContain(`Dashboard  ${base}/`);
    expect(out).toContain(`Temporal   http://127.0.0.1:${uiPort}`);

    const page = await fetch(`${base}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Quarry');
    const ui = await fetch(`http://127.0.0.1:${uiPort}/`);
    expect(ui.status).toBe(200);

    // The other two fronts answer over the same services.
    const gql = await fetch(`${base}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ __typename }' }) });
    expect(await gql.json()).toEqual({ data: { __typename: 'Query' } });
    const trpc = await fetch(`${base}/api/trpc/files.list`);
    expect(trpc.status).toBe(401);
  } finally {
    child.kill('SIGINT');
  }
  expect(await exited).toBe(0);
});
