import { existsSync, readdirSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnSync } from 'node:child_process';
import { openEvtx, type EvtxRecord, type OpenOptions } from '../src/index.js';

export const SHARED = process.env.QUARRY_SHARED ?? fileURLToPath(new URL('../../../../shared/', import.meta.url));
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

/** A reference tool on PATH or in ~/.cargo/bin, or undefined. */
export function tool(name: string): string | undefined {
  for (const p of [join(homedir(), '.cargo', 'bin', name), ...(process.env.PATH ?? '').split(':').map((d) => join(d, name))]) {
    if (existsSync(p)) return p;
  }
  return undefined;
}

/** In CI a missing reference tool is a failure, locally a skip. */
export function requireTool(name: string): string | undefined {
  const t = tool(name);
  if (!t && process.env.CI) throw new Error(`reference tool ${name} is required in CI`);
  return t;
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
