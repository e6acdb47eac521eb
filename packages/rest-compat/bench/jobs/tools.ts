/**
 * Reference tools for `npm run bench:jobs`: where to find them and one measured run each under GNU
 * time (wall, user + system CPU of the tool and its waited-for children, peak RSS). Output goes to
 * files and is read after the run, so reading it never competes with the tool.
 */
import { spawn } from 'node:child_process';
import { accessSync, closeSync, constants, existsSync, openSync, readFileSync, realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';

export const REFERENCE_DIR = join(homedir(), '.cache', 'quarry', 'reference-tools');
const GNU_TIME = '/usr/bin/time';

const executable = (p: string): boolean => {
  try {
    accessSync(p, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** `$ENVVAR`, then PATH, then ~/.cache/quarry/reference-tools/bin; resolved through symlinks. */
export function findReferenceTool(name: string, envVar: string): string | undefined {
  const fromEnv = process.env[envVar];
  const candidates = [
    ...(fromEnv ? [fromEnv] : []),
    ...(process.env.PATH ?? '')
      .split(delimiter)
      .filter(Boolean)
      .map((d) => join(d, name)),
    join(REFERENCE_DIR, 'bin', name),
  ];
  const hit = candidates.find((p) => existsSync(p) && executable(p));
  return hit ? realpathSync(hit) : undefined;
}

export const canMeasure = (): boolean => existsSync(GNU_TIME);

export interface ToolRun {
  seconds: number;
  cpuSeconds: number;
  peakRss: number;
  code: number | null;
  timedOut: boolean;
}

/** One run of `cmd args` under GNU time; stdout/stderr to the given files (or discarded). */
export async function measureRun(
  cmd: string,
  args: string[],
  opts: { cwd?: string; stdout?: string; stderr?: string; usage: string; timeoutS?: number },
): Promise<ToolRun> {
  const out = opts.stdout ? openSync(opts.stdout, 'w') : 'ignore';
  const err = opts.stderr ? openSync(opts.stderr, 'w') : 'ignore';
  try {
    const run = await new Promise<{ seconds: number; code: number | null; timedOut: boolean }>((resolve, reject) => {
      const t0 = performance.now();
      const child = spawn(GNU_TIME, ['-f', '%U %S %M', '-o', opts.usage, cmd, ...args], { cwd: opts.cwd, stdio: ['ignore', out, err], detached: true });
      let timedOut = false;
      const timer = setTimeout(
        () => {
          timedOut = true;
          if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
        },
        (opts.timeoutS ?? 1800) * 1000,
      );
      child.once('error', (e) => {
        clearTimeout(timer);
        reject(e);
      });
      child.once('close', (code) => {
        clearTimeout(timer);
        resolve({ seconds: (performance.now() - t0) / 1000, code, timedOut });
      });
    });
    // GNU time writes "Command exited with non-zero status N" before the figures on failure.
    const last = readFileSync(opts.usage, 'utf8').trim().split('\n').pop() ?? '';
    const [u, s, m] = last.split(' ').map(Number);
    return { seconds: run.seconds, cpuSeconds: (u ?? NaN) + (s ?? NaN), peakRss: (m ?? NaN) * 1024, code: run.code, timedOut: run.timedOut };
  } finally {
    if (typeof out === 'number') closeSync(out);
    if (typeof err === 'number') closeSync(err);
  }
}

/** Chainsaw's Sigma mapping: $CHAINSAW_MAPPING, else mappings/ beside the (resolved) binary. */
export function chainsawMapping(bin: string): string | undefined {
  const candidates = [
    process.env.CHAINSAW_MAPPING,
    join(dirname(bin), 'mappings', 'sigma-event-logs-all.yml'),
    join(dirname(bin), '..', '..', 'mappings', 'sigma-event-logs-all.yml'),
  ];
  return candidates.find((p): p is string => !!p && existsSync(p));
}

/** Hayabusa reads rules/config (from hayabusa-rules) relative to its working directory or binary. */
export function hayabusaHome(bin: string): string | undefined {
  const d = dirname(bin);
  return existsSync(join(d, 'rules', 'config', 'target_event_IDs.txt')) ? d : undefined;
}
