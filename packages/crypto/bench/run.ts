/**
 * Throughput of the segmented stream against node:crypto one-shot AES-256-GCM and OpenSSL's own
 * AES-256-GCM speed (`openssl speed`), in the same run. BENCH_MB sets the stream size (default 256).
 */
import { execFileSync } from 'node:child_process';
import { createCipheriv, randomBytes } from 'node:crypto';
import { Readable, Writable, type Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createDecryptStream, createEncryptStream, newDataKey } from '../src/index.js';

const MB = Number(process.env.BENCH_MB ?? 256);
const TOTAL = MB * 2 ** 20;
const CHUNK = 64 * 1024;
const pool = randomBytes(4 * 2 ** 20);

function source(): Readable {
  let sent = 0;
  return Readable.from(
    (function* () {
      while (sent < TOTAL) {
        const at = sent % pool.length;
        const chunk = pool.subarray(at, at + Math.min(CHUNK, TOTAL - sent));
        sent += chunk.length;
        yield chunk;
      }
    })(),
    { objectMode: false },
  );
}

async function timeStreams(stages: Transform[]): Promise<{ mbps: number; rssMiB: number }> {
  const base = process.memoryUsage().rss;
  let peak = base;
  let n = 0;
  const start = process.hrtime.bigint();
  const sink = new Writable({
    write(_chunk, _enc, done) {
      if ((++n & 31) === 0) peak = Math.max(peak, process.memoryUsage().rss);
      done();
    },
  });
  await pipeline([source(), ...stages, sink]);
  const secs = Number(process.hrtime.bigint() - start) / 1e9;
  return { mbps: MB / secs, rssMiB: (peak - base) / 2 ** 20 };
}

function oneShotNode(): number {
  const key = randomBytes(32);
  const start = process.hrtime.bigint();
  for (let done = 0; done < TOTAL; done += pool.length) {
    const c = createCipheriv('aes-256-gcm', key, randomBytes(12));
    c.update(pool);
    c.final();
  }
  return MB / (Number(process.hrtime.bigint() - start) / 1e9);
}

function openssl(): number | null {
  try {
    const out = execFileSync('openssl', ['speed', '-elapsed', '-evp', 'aes-256-gcm', '-bytes', String(CHUNK), '-seconds', '2'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    // Last line: "AES-256-GCM  <k bytes per second>k"
    const m = out
      .trim()
      .split('\n')
      .pop()!
      .match(/([\d.]+)k\s*$/);
    return m ? (Number(m[1]) * 1000) / 2 ** 20 : null;
  } catch {
    return null;
  }
}

const key = newDataKey();
const ref = openssl();
const node = oneShotNode();
const enc = await timeStreams([createEncryptStream(key)]);
const dec = await (async () => {
  // Decrypt needs ciphertext: encrypt once into memory-sized chunks, then time the decryptor alone.
  const parts: Buffer[] = [];
  await pipeline(source(), createEncryptStream(key), new Writable({ write: (c: Buffer, _e, d) => (parts.push(c), d()) }));
  const base = process.memoryUsage().rss;
  const start = process.hrtime.bigint();
  await pipeline(Readable.from(parts, { objectMode: false }), createDecryptStream(key), new Writable({ write: (_c, _e, d) => d() }));
  const secs = Number(process.hrtime.bigint() - start) / 1e9;
  return { mbps: MB / secs, rssMiB: (process.memoryUsage().rss - base) / 2 ** 20 };
})();
const both = await timeStreams([createEncryptStream(key), createDecryptStream(key)]);

const fmt = (x: number) => x.toFixed(0).padStart(6);
console.log(`AES-256-GCM throughput, ${MB} MiB, MiB/s (ratio to openssl speed)`);
const row = (name: string, v: number, extra = '') => console.log(`${name.padEnd(34)} ${fmt(v)}  ${ref ? `${(v / ref).toFixed(2)}x` : 'n/a'}  ${extra}`);
if (ref) row('openssl speed -elapsed, 64 KiB', ref);
else console.log('openssl speed: not available');
row('node:crypto one-shot 4 MiB', node);
row('createEncryptStream', enc.mbps, `RSS +${enc.rssMiB.toFixed(0)} MiB`);
row('createDecryptStream', dec.mbps);
row('encrypt | decrypt pipeline', both.mbps, `RSS +${both.rssMiB.toFixed(0)} MiB`);
