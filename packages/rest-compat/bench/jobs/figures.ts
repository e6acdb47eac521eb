/**
 * What the service benches (bench:jobs, bench:triage) share besides the service itself: the files
 * of a sample folder, their size, and how figures are printed.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const MiB = 1024 * 1024;
export const GiB = 1024 * MiB;

/** Every file under `dir` whose name `match`es, sorted, depth first. */
export const files = (dir: string, match: (name: string) => boolean): string[] =>
  readdirSync(dir)
    .sort()
    .flatMap((n) => {
      const p = join(dir, n);
      return statSync(p).isDirectory() ? files(p, match) : match(n) ? [p] : [];
    });

export const sizeOf = (paths: readonly string[]): number => paths.reduce((a, p) => a + statSync(p).size, 0);

export const f1 = (n: number): string => (Number.isFinite(n) ? n.toFixed(1) : '-');
export const f2 = (n: number): string => (Number.isFinite(n) ? n.toFixed(2) : '-');
/** Bytes as whole MiB. */
export const mib = (b: number): string => (Number.isFinite(b) ? (b / MiB).toFixed(0) : '-');
export const rate = (n: number): string =>
  !Number.isFinite(n) ? '-' : n >= 1e6 ? `${(n / 1e6).toFixed(2)} M` : n >= 1e3 ? `${(n / 1e3).toFixed(1)} k` : n.toFixed(1);
/** a ÷ b as `1.23x`, or '-' when either is missing. */
export const ratio = (a: number, b: number): string => (a > 0 && b > 0 && Number.isFinite(a) && Number.isFinite(b) ? `${(a / b).toFixed(2)}x` : '-');
/** Bytes per wall second as MiB per minute. */
export const mibPerMin = (bytes: number, seconds: number): number => bytes / MiB / (seconds / 60);

/** A table with its first `textColumns` columns left-aligned and the rest right-aligned. */
export function formatTable(head: string[], body: string[][], textColumns: number): string[] {
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => (b[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => (i < textColumns ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(head), ...body.map(line)];
}
