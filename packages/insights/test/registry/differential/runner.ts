import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, readFileSync, statSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { basename, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { openHive, type HiveType } from '@quarry/registry';
import { runPipeline, type PipelineInput } from '../../../src/index.js';
import type { ArtifactComparison, Comparator, HiveUnderTest } from './comparator.js';
import { COMPARATORS } from './index.js';

const run = promisify(execFile);
const REGIPY = fileURLToPath(new URL('../support/regipy_plugins.py', import.meta.url));

const KIND: Record<HiveType, string> = {
  SYSTEM: 'SYSTEM',
  SOFTWARE: 'SOFTWARE',
  SAM: 'SAM',
  SECURITY: 'SECURITY',
  'NTUSER.DAT': 'NTUSER',
  'UsrClass.dat': 'USRCLASS',
  'Amcache.hve': 'AMCACHE',
  COMPONENTS: 'other',
  other: 'other',
};

/** Transaction logs are not hives of their own: they are replayed into their hive, or not at all. */
const LOG = /\.log\d?$/i;

/** One hive file as a HiveUnderTest (its kind as our parser recognises it); throws when it is no hive. */
export async function hiveUnderTest(path: string, label: string): Promise<HiveUnderTest> {
  const hive = await openHive(path);
  return { path, label, kind: KIND[hive.type] };
}

/** Every file under `root` our parser opens as a hive (logs, non-hives and hives it refuses are listed as skipped). */
export async function hivesUnder(root: string, labelPrefix: string): Promise<{ hives: HiveUnderTest[]; skipped: { label: string; reason: string }[] }> {
  const hives: HiveUnderTest[] = [];
  const skipped: { label: string; reason: string }[] = [];
  const files = (await readdir(root, { recursive: true, withFileTypes: true }))
    .filter((d) => d.isFile())
    .map((d) => join(d.parentPath, d.name))
    .sort();
  for (const path of files) {
    const label = `${labelPrefix}${relative(root, path)}`;
    if (LOG.test(path)) continue;
    try {
      hives.push(await hiveUnderTest(path, label));
    } catch (err) {
      skipped.push({ label, reason: (err as Error).message });
    }
  }
  return { hives, skipped };
}

/** The hive alone as a pipeline input: its logs are left out so that both sides read the same bytes (regipy does not replay logs). */
function inputOf(path: string): PipelineInput {
  return {
    ref: {
      position: 0,
      fileId: '00000000-0000-4000-8000-000000000000',
      name: basename(path),
      size: statSync(path).size,
      sha256: createHash('sha256').update(readFileSync(path)).digest('hex'),
    },
    open: () => createReadStream(path, { highWaterMark: 64 * 1024 }),
  };
}

async function regipy(path: string, plugins: string[]): Promise<Record<string, unknown>> {
  const { stdout } = await run('python3', [REGIPY, path, ...plugins], { maxBuffer: 256 * 1024 * 1024 });
  return JSON.parse(stdout) as Record<string, unknown>;
}

/**
 * Every comparator over every hive it applies to: our pipeline once per hive (the real registry
 * job, logs left out), regipy once per hive with the union of the plugins the comparators need.
 */
export async function runDifferential(hives: HiveUnderTest[], comparators: Comparator[] = COMPARATORS): Promise<ArtifactComparison[]> {
  const out: ArtifactComparison[] = [];
  for (const hive of hives) {
    const applicable = comparators.filter((c) => c.appliesTo(hive));
    if (applicable.length === 0) continue;
    const ours = await runPipeline({ category: 'registry', inputs: [inputOf(hive.path)], options: { runSigmaRules: false }, threads: 1 });
    const ref = await regipy(hive.path, [...new Set(applicable.flatMap((c) => c.regipyPlugins))]);
    for (const c of applicable) out.push(c.compare(ours, ref, hive));
  }
  return out;
}

export interface ArtifactTotals {
  artifact: string;
  hives: number;
  compared: number;
  equal: number;
  explained: number;
  unexplained: number;
}

/** Totals per artifact, in comparator order. */
export function totals(results: ArtifactComparison[]): ArtifactTotals[] {
  const by = new Map<string, ArtifactTotals>();
  for (const r of results) {
    const t = by.get(r.artifact) ?? { artifact: r.artifact, hives: 0, compared: 0, equal: 0, explained: 0, unexplained: 0 };
    t.hives++;
    t.compared += r.compared;
    t.equal += r.equal;
    t.explained += r.explained.length;
    t.unexplained += r.unexplained.length;
    by.set(r.artifact, t);
  }
  return [...by.values()];
}
