/**
 * FsBlobStore put/get throughput beside the plain tools doing the same I/O in the same run:
 * `dd ... conv=fsync` for a durable write, `cat` for a read. BENCH_MB sets the size (default 256).
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { FsBlobStore, newBlobKey } from '../src/index.js';

const MB = Number(process.env.BENCH_MB ?? 256);
const TOTAL = MB * 2 ** 20;
const pool = randomBytes(4 * 2 ** 20);
const root = await mkdtemp(join(tmpdir(), 'quarry-blob-bench-'));

function source(): Readable {
  let sent = 0;
  return Readable.from(
    (function* () {
      while (sent < TOTAL) {
        const n = Math.min(64 * 1024, TOTAL - sent);
        const at = sent % pool.length;
        sent += n;
        yield pool.subarray(at, at + n);
      }
    })(),
    { objectMode: false },
  );
}

async function seconds(run: () => Promise<unknown> | unknown): Promise<number> {
  const start = process.hrtime.bigint();
  await run();
  return Number(process.hrtime.bigint() - start) / 1e9;
}

try {
  const store = new FsBlobStore(root);
  const key = newBlobKey();
  const refFile = join(root, 'reference.bin');

  const put = await seconds(() => store.put(key, source()));
  const dd = await seconds(() => execFileSync('dd', ['if=/dev/zero', `of=${refFile}`, 'bs=1M', `count=${MB}`, 'conv=fsync'], { stdio: 'ignore' }));
  const get = await seconds(async () => {
    for await (const _chunk of store.get(key));
  });
  const cat = await seconds(() => execFileSync('sh', ['-c', `cat '${refFile}' > /dev/null`]));

  const rate = (s: number) => (MB / s).toFixed(0).padStart(6);
  console.log(`FsBlobStore, ${MB} MiB, MiB/s (ratio: ours / reference; >1 means faster)`);
  console.log(`put (fsync + rename)     ${rate(put)}   dd conv=fsync ${rate(dd)}   ratio ${(dd / put).toFixed(2)}`);
  console.log(`get                      ${rate(get)}   cat           ${rate(cat)}   ratio ${(cat / get).toFixed(2)}`);
} finally {
  await rm(root, { recursive: true, force: true });
}
