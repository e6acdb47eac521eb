import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@quarry/devstack';

const MAIN = fileURLToPath(new URL('../../dist/main.js', import.meta.url));
const ADMIN = fileURLToPath(new URL('../../../../packages/db/dist/cli/admin.js', import.meta.url));

export interface RunningService {
  base: string;
  dataDir: string;
  /** The web server's process (REST, tRPC, GraphQL, tus and the dashboard); the worker is its child. */
  pid: number;
  /** A new user's API token, made with the admin CLI as an operator would. */
  newToken(tier?: string): string;
  stop(): Promise<void>;
}

/**
 * The real service (`npm start`'s program) on embedded PostgreSQL and Temporal, in a fresh data dir.
 * It does not fetch community rule sets on its first start (tests never reach the internet) unless
 * `env` says where from.
 */
export async function startService(env: Record<string, string> = {}): Promise<RunningService> {
  const dataDir = mkdtempSync(join(tmpdir(), 'quarry-e2e-'));
  const port = await freePort();
  const uiPort = await freePort();
  const child: ChildProcess = spawn(process.execPath, [MAIN], {
    env: {
      ...process.env,
      PORT: String(port),
      TEMPORAL_UI_PORT: String(uiPort),
      QUARRY_DATA_DIR: dataDir,
      DATABASE_URL: '',
      TEMPORAL_ADDRESS: '',
      LOG_LEVEL: 'warn',
      QUARRY_RULES_AUTO_FETCH: 'false',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 240_000;
  for (;;) {
    const health = await fetch(`${base}/healthz`).catch(() => undefined);
    if (health?.status === 200) break;
    if (Date.now() > deadline || child.exitCode !== null) {
      child.kill('SIGKILL');
      throw new Error(`the service did not become healthy (last status ${health?.status ?? 'none'})`);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    base,
    dataDir,
    pid: child.pid!,
    newToken(tier = 'pro') {
      const out = execFileSync(process.execPath, [ADMIN, 'user', 'create', '--name', `e2e-${Date.now()}`, '--tier', tier], {
        env: { ...process.env, QUARRY_DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
      }).toString();
      return out.trimEnd().split('\n').pop()!;
    },
    async stop() {
      child.kill('SIGINT');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
