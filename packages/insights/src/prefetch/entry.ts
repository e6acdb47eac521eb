import { splitVolumePath, type PrefetchResult } from '@quarry/prefetch';
import type { InputRef } from '../pipeline/input.js';
import { toMs } from './time.js';
import { serialHex, volumeCell, volumeKey } from './volumes.js';

/** A volume as one .pf records it. */
export interface EntryVolume {
  /** Identity across the job's files (volumeKey). */
  key: string;
  devicePath: string;
  serial: string;
  /** The Volume cell of paths on it (serial, shadow copies named). */
  cell: string;
  creationMs: number | null;
  /** Directories below the volume, upper case as stored, each ending in `\`. */
  directories: string[];
}

/** A file the executable loaded, its volume prefix replaced by the volume (INSIGHTS.md §5). */
export interface EntryReference {
  /** Below the volume (`\WINDOWS\SYSTEM32\CMD.EXE`), or as stored when no volume prefix matches. */
  path: string;
  /** Index into the entry's volumes, null when no volume prefix matches. */
  volume: number | null;
}

/**
 * What the prefetch analyzers keep of one parsed .pf: the facts, without the trace chains (which can
 * hold 100,000+ entries), so a 100-file job stays small.
 */
export interface PrefetchEntry {
  /** 1-based position of the .pf in the job's file_ids (the Timeline record_id). */
  recordId: number;
  fileName: string;
  /** As stored (at most 29 characters). */
  executable: string;
  /** 8 upper-case hex digits, as in the file name. */
  hash: string;
  version: number;
  runCount: number;
  /** Stored run times, Unix ms, newest first; unset and unshowable slots left out. */
  runs: number[];
  /** Stored run slots that held a time no cell can show (damage). */
  badRuns: number;
  /** The executable's own reference (INSIGHTS.md §5), or null when none matches its name. */
  exe: EntryReference | null;
  volumes: EntryVolume[];
  references: EntryReference[];
  /** The parser's warnings: damage it recovered from. */
  warnings: string[];
}

/** `\X\Y` → `\X\Y\`; upper case, as prefetch stores names. */
function asFolder(path: string): string {
  const p = path.toUpperCase();
  return p.endsWith('\\') ? p : `${p}\\`;
}

/**
 * The executable path: the first reference whose last component is the executable name. The
 * header's name stops at 29 characters, so a name of that length is compared as a prefix.
 */
function findExecutable(executable: string, refs: readonly EntryReference[]): EntryReference | null {
  const exe = executable.toUpperCase();
  if (exe === '') return null;
  const truncated = exe.length >= 29;
  return (
    refs.find((r) => {
      const base = r.path.slice(r.path.lastIndexOf('\\') + 1).toUpperCase();
      return base === exe || (truncated && base.startsWith(exe));
    }) ?? null
  );
}

export function toEntry(result: PrefetchResult, input: InputRef): PrefetchEntry {
  const volumes: EntryVolume[] = result.volumes.map((v) => ({
    key: volumeKey(v),
    devicePath: v.devicePath,
    serial: serialHex(v.serialNumber),
    cell: volumeCell(v),
    creationMs: toMs(v.creationTime),
    directories: v.directories.map((d) => asFolder(splitVolumePath(d, [v.devicePath])?.rest ?? d)),
  }));
  const references: EntryReference[] = result.fileMetrics.flatMap((m) => {
    if (m.filename === null) return [];
    // A path on no recorded volume is shown as stored rather than guessed at.
    return [m.relativePath !== null && m.volumeIndex !== null ? { path: m.relativePath, volume: m.volumeIndex } : { path: m.filename, volume: null }];
  });
  const stored = result.lastRunTimes.filter((t): t is string => t !== null);
  const runs = stored
    .map(toMs)
    .filter((t): t is number => t !== null)
    .sort((a, b) => b - a);
  return {
    recordId: input.position + 1,
    fileName: input.name,
    executable: result.executableName,
    hash: result.prefetchHash.replace(/^0x/i, '').toUpperCase().padStart(8, '0'),
    version: result.version,
    runCount: result.runCount,
    runs,
    badRuns: stored.length - runs.length,
    exe: findExecutable(result.executableName, references),
    volumes,
    references,
    warnings: result.warnings.map((w) => w.message),
  };
}

/** The volume a reference lies on, if known. */
export function volumeOf(entry: PrefetchEntry, ref: EntryReference | null): EntryVolume | null {
  return ref?.volume == null ? null : (entry.volumes[ref.volume] ?? null);
}
