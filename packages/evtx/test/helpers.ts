import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { findTool, SHARED_DIR, toolGate } from '@quarry/testkit';
import { openEvtx, type EvtxRecord, type OpenOptions } from '../src/index.js';

export const SHARED = SHARED_DIR;
export const HAVE_SHARED = existsSync(join(SHARED, 'samples', 'evtx'));
export const NO_SHARED_REASON = `shared corpus not found at ${SHARED} (set QUARRY_SHARED)`;

export function sample(rel: string): string {
  return join(SHARED, 'samples', 'evtx', rel);
}

export function findEvtx(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...findEvtx(p));
    else if (name.toLowerCase().endsWith('.evtx')) out.push(p);
  }
  return out;
}

/** A reference tool's path; undefined (a skip) without it, a failure under CI. */
export function requireTool(name: string): string | undefined {
  toolGate(name);
  return findTool(name);
}

export function run(cmd: string, args: string[]): { stdout: string; stderr: string; status: number | null } {
  const r = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 1 << 30 });
  return { stdout: r.stdout, stderr: r.stderr, status: r.status };
}

export async function collect(input: string | Buffer, opts: OpenOptions = {}): Promise<{ records: EvtxRecord[]; file: ReturnType<typeof openEvtx> }> {
  const file = openEvtx(input, opts);
  const records: EvtxRecord[] = [];
  for await (const r of file) records.push(r);
  return { records, file };
}

/** The bytes in pieces of awkward sizes (1 byte up to a few chunks), as a decrypting stream would hand them out. */
export async function* pieces(data: Buffer, seed: number): AsyncGenerator<Uint8Array> {
  let s = seed;
  for (let at = 0; at < data.length;) {
    s = (s * 1103515245 + 12345) >>> 0;
    const n = 1 + (s % 200_000);
    yield data.subarray(at, at + n);
    at += n;
  }
}
