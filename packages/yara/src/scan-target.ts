import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { MatchMerger, scanBlock, type CompiledSet, type RawRuleMatch, type ScanLimits } from './engine.js';
import { YaraError } from './errors.js';
import type { Externals } from './externals.js';
import { planWindows } from './windows.js';

export interface FileScanLimits extends ScanLimits {
  /** Files up to this size are scanned whole (exact YARA semantics). */
  wholeFileMaxBytes: number;
  /** Larger files are scanned in windows of this size ... */
  windowBytes: number;
  /** ... overlapping by this much (longest match guaranteed to be found across a boundary). */
  overlapBytes: number;
}

export interface FileScanOutcome {
  matches: RawRuleMatch[];
  bytes: number;
  windows: number;
}

function readFully(fd: number, buf: Buffer, length: number, position: number, path: string): void {
  let done = 0;
  while (done < length) {
    const n = readSync(fd, buf, done, length - done, position + done);
    if (n === 0) throw new YaraError('io', `file shrank while scanning: ${path}`, { file: path, offset: position + done });
    done += n;
  }
}

/**
 * Scans a file through one reusable buffer, so memory stays at one window however large the
 * file. The binding's own `scanFile` reads the whole file into memory (measured: 1 GiB file ->
 * 1 GiB anonymous RSS with or without mmap), so it is not used.
 */
export function scanFileWindows(set: CompiledSet, path: string, externals: Externals, limits: FileScanLimits): FileScanOutcome {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (cause) {
    throw new YaraError('io', `cannot open file to scan: ${path}`, { file: path, cause });
  }
  try {
    const size = fstatSync(fd).size;
    const whole = size <= limits.wholeFileMaxBytes;
    const plan = whole ? [{ start: 0, length: size }] : planWindows(size, limits.windowBytes, limits.overlapBytes);
    const buf = Buffer.allocUnsafe(Math.max(1, whole ? size : limits.windowBytes));
    const merger = new MatchMerger(limits);
    for (const w of plan) {
      readFully(fd, buf, w.length, w.start, path);
      merger.add(scanBlock(set, buf.subarray(0, w.length), externals, limits, w.start));
    }
    return { matches: merger.result(), bytes: size, windows: plan.length };
  } finally {
    closeSync(fd);
  }
}

export function readHead(path: string, bytes = 16): Buffer {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (cause) {
    throw new YaraError('io', `cannot open file to scan: ${path}`, { file: path, cause });
  }
  try {
    const buf = Buffer.alloc(bytes);
    const n = readSync(fd, buf, 0, bytes, 0);
    return buf.subarray(0, n);
  } finally {
    closeSync(fd);
  }
}
