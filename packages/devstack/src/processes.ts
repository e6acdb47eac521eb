import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';

/**
 * Whether process `pid` is alive and its command line contains `marker` (a data directory or
 * database path), so a recycled pid of some unrelated program is not mistaken for ours.
 */
export function isOurProcess(pid: number, marker: string): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it exists but belongs to another user; still a candidate.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8')
      .split('\0')
      .some((arg) => arg.includes(marker));
  } catch {
    // No /proc (macOS): the liveness check is all we have.
    return true;
  }
}

/** Keeps the last `size` lines of a child's output for error messages. */
export class RecentLines {
  private readonly lines: string[] = [];
  constructor(private readonly size = 30) {}

  push(text: string): string[] {
    const added = text.split(/\r?\n/).filter((l) => l.trim() !== '');
    this.lines.push(...added);
    this.lines.splice(0, Math.max(0, this.lines.length - this.size));
    return added;
  }

  toString(): string {
    return this.lines.join('\n');
  }
}

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/**
 * A once-only stop for a server child: `soft` signal, then `hard` after `graceMs`. Until it is
 * stopped, the child is also signalled when this process exits, so an abrupt `process.exit`
 * does not leave the server running.
 */
export function stopChild(child: ChildProcess, soft: NodeJS.Signals, hard: NodeJS.Signals, graceMs: number): () => Promise<void> {
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  const onExit = (): void => void child.kill(soft);
  process.once('exit', onExit);
  let stopping: Promise<void> | undefined;
  return () =>
    (stopping ??= (async () => {
      process.removeListener('exit', onExit);
      if (child.exitCode === null && child.signalCode === null) {
        child.kill(soft);
        const timer = setTimeout(() => child.kill(hard), graceMs);
        await exited;
        clearTimeout(timer);
      }
    })());
}
