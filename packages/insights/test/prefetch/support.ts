import { createReadStream, existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { PrefetchResult } from '@quarry/prefetch';
import { sharedPath } from '@quarry/testkit';
import { runPipeline, type Insight, type PipelineInput } from '../../src/index.js';
import type { AnalyzerFactory, InputReport } from '../../src/pipeline/analyzer.js';
import { ImplausibleItems } from '../../src/pipeline/implausible-items.js';
import type { InputRef } from '../../src/pipeline/input.js';

export const PREFETCH_SAMPLES = sharedPath('samples', 'prefetch');
export const HAVE_PREFETCH = existsSync(PREFETCH_SAMPLES);

function walk(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((n) => (statSync(join(dir, n)).isDirectory() ? walk(join(dir, n)) : [join(dir, n)]));
}

/** Every sample under samples/prefetch, relative (notAPrefetch.pf included: it is reported, not fatal). */
export function sampleFiles(): string[] {
  return HAVE_PREFETCH ? walk(PREFETCH_SAMPLES).map((p) => relative(PREFETCH_SAMPLES, p)) : [];
}

/** Samples as inputs named by their path under samples/prefetch, which tells same-named files apart. */
export function sampleInputs(rels: readonly string[]): PipelineInput[] {
  return rels.map((rel, position) => ({
    ref: {
      position,
      fileId: `00000000-0000-4000-8000-${String(position).padStart(12, '0')}`,
      name: rel,
      size: statSync(join(PREFETCH_SAMPLES, rel)).size,
      sha256: '',
    },
    open: () => createReadStream(join(PREFETCH_SAMPLES, rel)),
  }));
}

export function runPrefetchJob(rels: readonly string[]): Promise<Insight[]> {
  return runPipeline({ category: 'prefetch', inputs: sampleInputs(rels), options: { runSigmaRules: false }, threads: 1 });
}

export function titled<K extends 'Table' | 'Timeline' | 'Chart'>(insights: Insight[], kind: K, title: string): Extract<Insight, Record<K, unknown>>[K] {
  const hit = insights.find((i) => kind in i && (i as Record<K, { title: string }>)[kind].title === title);
  if (!hit) throw new Error(`no ${kind} "${title}"`);
  return (hit as Record<K, unknown>)[kind] as Extract<Insight, Record<K, unknown>>[K];
}

/** A Table's rows as objects keyed by column name. */
export function rowsOf(insights: Insight[], title: string): Record<string, string>[] {
  const [head, ...rows] = titled(insights, 'Table', title).data;
  return rows.map((r) => Object.fromEntries(head!.map((c, i) => [c, r[i] ?? ''])));
}

const ref = (position: number, name: string): InputRef => ({ position, fileId: `f${position}`, name, size: 0, sha256: '' });

/** Runs one analyzer over hand-made results (and unreadable files), as the pipeline would. */
export function analyse(make: AnalyzerFactory<'prefetch'>, files: ({ name: string; result: PrefetchResult } | { name: string; error: string })[]): Insight[] {
  const inputs = files.map((f, i) => ref(i, f.name));
  const a = make({ category: 'prefetch', inputs, options: { runSigmaRules: false }, notes: { sigmaMatches: [] }, implausible: new ImplausibleItems() });
  files.forEach((f, i) => {
    if ('result' in f) a.push({ result: f.result }, inputs[i]!);
    const report: InputReport = { input: inputs[i]!, records: 'result' in f ? 1 : 0, warnings: [], error: 'error' in f ? f.error : null, facts: {} };
    a.inputDone?.(report);
  });
  return a.finish();
}

export interface FakeVolume {
  serial: number;
  /** Defaults to \VOLUME{<creation hex>-<serial hex>}. */
  devicePath?: string;
  created?: string;
  directories?: string[];
}

/**
 * A PrefetchResult-shaped record built by hand: the executable's runs and the paths it loaded,
 * each `[volume index, path below the volume]`.
 */
export function fakeResult(o: {
  executable: string;
  hash?: string;
  runCount?: number;
  runs?: string[];
  volumes?: FakeVolume[];
  files: [number, string][];
}): PrefetchResult {
  const vols = (o.volumes ?? [{ serial: 0x5c3e2f10, directories: ['\\WINDOWS', '\\WINDOWS\\SYSTEM32'] }]).map((v, index) => {
    const devicePath = v.devicePath ?? `\\VOLUME{01d1217a9c4c677${index}-${v.serial.toString(16).padStart(8, '0')}}`;
    return {
      index,
      devicePath,
      creationTime: v.created ?? '2015-11-17T20:57:46.2434681Z',
      serialNumber: v.serial,
      devicePathConsistent: null,
      fileReferences: [],
      directories: (v.directories ?? []).map((d) => `${devicePath}${d}`),
      deviceName: null,
      driveLetter: null,
    };
  });
  const runs = o.runs ?? ['2024-03-01T10:00:00.0000000Z'];
  return {
    fileName: null,
    container: { format: 'SCCA', signature: 'SCCA', checksumVerified: false, fileSize: 0, sccaSize: 0 },
    version: 30,
    variant: 1,
    executableName: o.executable,
    prefetchHash: o.hash ?? '0x0badf00d',
    headerFlags: 0,
    headerFileSize: 0,
    runCount: o.runCount ?? runs.length,
    lastRunTimes: [...runs, ...Array<null>(8 - runs.length).fill(null)],
    hashString: null,
    fileMetrics: o.files.map(([v, path], index) => ({
      index,
      traceChainIndex: 0,
      traceChainCount: 0,
      flags: 0,
      filename: `${vols[v]!.devicePath}${path}`,
      fileReference: null,
      volumeIndex: v,
      relativePath: path,
      displayPath: `${vols[v]!.devicePath}${path}`,
    })),
    traceChains: [],
    filenames: o.files.map(([v, path]) => `${vols[v]!.devicePath}${path}`),
    volumes: vols,
    hashCheck: {
      status: 'unknown',
      algorithm: 'vista',
      storedHash: o.hash ?? '0x0badf00d',
      computedHash: null,
      executablePath: null,
      source: null,
      deviceInferred: false,
      note: null,
    },
    anomalies: [],
    warnings: [],
  };
}

/** A stock system binary: `\WINDOWS\SYSTEM32\<exe>` plus NTDLL, on one system volume. */
export function stock(executable: string, folder = '\\WINDOWS\\SYSTEM32\\', runs?: string[]): PrefetchResult {
  return fakeResult({
    executable,
    runs,
    files: [
      [0, '\\WINDOWS\\SYSTEM32\\NTDLL.DLL'],
      [0, `${folder}${executable}`],
    ],
  });
}
