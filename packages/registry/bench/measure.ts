import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Measurement {
  items: number;
  /** Wall-clock seconds. */
  seconds: number;
  /** User + system CPU seconds of the tool's process tree. */
  cpuSeconds: number;
  peakRssMb: number;
  timedOut: boolean;
}

export interface RunSpec {
  cmd: string;
  args: (scratch: string) => string[];
  /** Items in one line of the tool's output, counted after it exits. */
  countLine: (line: string) => number;
  /** The file the tool writes its output to (under scratch); stdout when absent. */
  outputFile?: string;
  timeoutS?: number;
}

/** GNU time reports CPU and peak RSS of a child (and its waited-for children). */
const GNU_TIME = '/usr/bin/time';

export function canMeasure(): boolean {
  return existsSync(GNU_TIME);
}

/**
 * Runs a tool once under GNU time; null when it cannot be started. Output goes to a file and is
 * counted afterwards, so parsing it here never slows the tool down or competes with it for CPU.
 */
export async function measure(spec: RunSpec): Promise<Measurement | null> {
  const scratch = mkdtempSync(join(tmpdir(), 'quarry-bench-'));
  try {
    const usage = join(scratch, 'usage');
    const stdoutPath = join(scratch, 'stdout');
    const stdout = openSync(stdoutPath, 'w');
    const run = await new Promise<{ seconds: number; code: number | null; timedOut: boolean } | null>((resolve) => {
      const started = performance.now();
      const child = spawn(GNU_TIME, ['-f', '%U %S %M', '-o', usage, spec.cmd, ...spec.args(scratch)], { stdio: ['ignore', stdout, 'ignore'], detached: true });
      let timedOut = false;
      const timer = setTimeout(
        () => {
          timedOut = true;
          // The whole group: killing GNU time alone would leave the tool running.
          if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
        },
        (spec.timeoutS ?? 600) * 1000,
      );
      child.on('error', () => {
        clearTimeout(timer);
        resolve(null);
      });
      child.on('close', (code) => {
        clearTimeout(timer);
        resolve({ seconds: (performance.now() - started) / 1000, code, timedOut });
      });
    });
    closeSync(stdout);
    // GNU time exits 127 when the tool itself is missing.
    if (!run || run.code === 127) return null;
    // A killed run leaves no usage figures; its CPU and RSS are then unknown (0).
    const figures = existsSync(usage) ? (readFileSync(usage, 'utf8').trim().split('\n').pop() ?? '') : '';
    const [user, sys, rssKb] = figures.split(' ').map(Number);
    const output = spec.outputFile ? join(scratch, spec.outputFile) : stdoutPath;
    let items = 0;
    if (existsSync(output)) for (const l of readFileSync(output, 'utf8').split('\n')) items += spec.countLine(l);
    return { items, seconds: run.seconds, cpuSeconds: (user ?? 0) + (sys ?? 0), peakRssMb: (rssKb ?? 0) / 1024, timedOut: run.timedOut };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
