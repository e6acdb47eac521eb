// npm run bench:upload — 250 MB uploads (public/unencrypted and private/encrypted) against a
// real server process: throughput and the server's peak RSS growth above idle.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createLogger, loadEnv } from '@quarry/config';
import { freePort, startStack } from '@quarry/devstack';
import { createDb, migrate, tokens, users } from '@quarry/db';

const MiB = 1024 * 1024;
const SIZE = 250 * MiB;

const rssOf = (pid: number, field: 'VmRSS' | 'VmHWM'): number => {
  const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) * 1024 : 0;
};

function body(size: number): { stream: ReadableStream<Uint8Array>; type: string } {
  const boundary = 'benchboundary';
  const chunk = randomBytes(MiB);
  let sent = -1;
  return {
    type: `multipart/form-data; boundary=${boundary}`,
    stream: new ReadableStream({
      pull(ctl) {
        if (sent < 0) {
          ctl.enqueue(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="bench.bin"\r\n\r\n`));
          sent = 0;
        } else if (sent < size) {
          const n = Math.min(MiB, size - sent);
          ctl.enqueue(chunk.subarray(0, n));
          sent += n;
        } else {
          ctl.enqueue(Buffer.from(`\r\n--${boundary}--\r\n`));
          ctl.close();
        }
      },
    }),
  };
}

const log = createLogger('bench-upload');
const stack = await startStack({ env: loadEnv({ ...process.env, DATABASE_URL: undefined, TEMPORAL_ADDRESS: undefined }), log, ephemeral: true });
try {
  await migrate(stack.databaseUrl);
  const db = createDb(stack.databaseUrl);
  const user = await users.create(db, { name: 'bench', tier: 'pro' });
  const { token } = await tokens.create(db, { userId: user.id });
  await db.close();

  const port = await freePort();
  const server = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./upload-server.ts', import.meta.url))], {
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: stack.databaseUrl,
      TEMPORAL_ADDRESS: stack.temporalAddress,
      QUARRY_MASTER_KEY: stack.masterKey.toString('base64'),
      BLOB_DIR: stack.blobDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve) => server.stdout!.on('data', (d: Buffer) => d.toString().includes('listening') && resolve()));
  const url = `http://127.0.0.1:${port}/upload`;
  const pid = server.pid!;

  const rows: string[] = [];
  for (const [label, headers] of [
    ['public, unencrypted', {}],
    ['private, encrypted', { 'X-Service-Api-Token': token, 'X-Service-Api-Enc-Key': randomBytes(32).toString('base64') }],
  ] as const) {
    // Warm up once so the first-request costs are not counted as growth.
    const warm = body(MiB);
    await (await fetch(url, { method: 'POST', body: warm.stream, headers: { 'Content-Type': warm.type, ...headers }, duplex: 'half' } as RequestInit)).text();
    global.gc?.();
    const idle = rssOf(pid, 'VmRSS');
    writeFileSync(`/proc/${pid}/clear_refs`, '5'); // reset the peak (VmHWM)
    const b = body(SIZE);
    const t0 = performance.now();
    const res = await fetch(url, { method: 'POST', body: b.stream, headers: { 'Content-Type': b.type, ...headers }, duplex: 'half' } as RequestInit);
    const text = await res.text();
    const secs = (performance.now() - t0) / 1000;
    if (res.status !== 200) throw new Error(`upload failed: ${res.status} ${text}`);
    const peak = rssOf(pid, 'VmHWM');
    rows.push(
      `${label.padEnd(22)} ${(SIZE / MiB / secs).toFixed(1).padStart(7)} MiB/s  ${secs.toFixed(2).padStart(6)} s   idle RSS ${(idle / MiB).toFixed(0)} MiB, peak ${(peak / MiB).toFixed(0)} MiB, growth ${((peak - idle) / MiB).toFixed(1)} MiB`,
    );
  }
  server.kill();
  console.log(`\nupload of ${SIZE / MiB} MiB through POST /upload (server in its own process)\n`);
  for (const r of rows) console.log(r);
  console.log('\nbudget: peak RSS growth well under 128 MiB above idle');
} finally {
  await stack.stop();
}
