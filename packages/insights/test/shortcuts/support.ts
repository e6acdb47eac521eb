import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { parseShortcutFile, ShortcutError, shortcutRecords } from '@quarry/shortcuts';
import { sharedPath } from '@quarry/testkit';
import type { InputReport } from '../../src/pipeline/analyzer.js';
import { ImplausibleItems } from '../../src/pipeline/implausible-items.js';
import type { InputRef } from '../../src/pipeline/input.js';
import { pluginOf } from '../../src/plugins.js';
import type { Insight } from '../../src/types.js';

export const LNK_SAMPLES = sharedPath('samples', 'lnk');
export const JUMPLIST_SAMPLES = sharedPath('samples', 'jumplists');

function walk(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((n) => (statSync(join(dir, n)).isDirectory() ? walk(join(dir, n)) : [join(dir, n)]));
}

/** Every evidence file under a samples folder (its README aside), as absolute paths. */
export const sampleFiles = (dir: string): string[] => walk(dir).filter((p) => !/README\.txt$/.test(p));

/** A file of a job: its name as the job shows it, and its bytes. */
export interface JobFile {
  name: string;
  bytes: Uint8Array;
}

export const sampleFile = (root: string, path: string): JobFile => ({ name: relative(root, path), bytes: readFileSync(path) });

/**
 * Runs the lnk plug-in's analyzers (File metadata and the six result types, one job state) over
 * files parsed by @quarry/shortcuts, as the pipeline does: every record in file order, then the
 * file's report. A file the parser rejects (ShortcutError) is reported with its error.
 */
export function analyseShortcuts(files: readonly JobFile[]): Insight[] {
  const inputs: InputRef[] = files.map((f, position) => ({ position, fileId: `f${position}`, name: f.name, size: f.bytes.length, sha256: '' }));
  const ctx = { category: 'lnk' as const, inputs, options: { runSigmaRules: false }, notes: { sigmaMatches: [] }, implausible: new ImplausibleItems() };
  const analyzers = pluginOf('lnk').analyzers(ctx);
  files.forEach((f, i) => {
    const input = inputs[i]!;
    const report: InputReport = { input, records: 0, warnings: [], error: null, facts: {} };
    try {
      const records = shortcutRecords(parseShortcutFile(f.bytes, { fileName: basename(f.name) }));
      for (const r of records) for (const a of analyzers) a.push(r, input);
      report.records = records.length;
    } catch (e) {
      if (!(e instanceof ShortcutError)) throw e;
      report.error = e.message;
    }
    for (const a of analyzers) a.inputDone?.(report);
  });
  const done = analyzers.map((a) => (a.reportsOnJob ? null : a.finish()));
  return analyzers.flatMap((a, i) => done[i] ?? a.finish());
}

export function titled<K extends 'Table' | 'Timeline' | 'Chart' | 'Metadata'>(
  insights: Insight[],
  kind: K,
  title: string,
): Extract<Insight, Record<K, unknown>>[K] {
  const hit = insights.find((i) => kind in i && (i as Record<K, { title: string }>)[kind].title === title);
  if (!hit) throw new Error(`no ${kind} "${title}"`);
  return (hit as Record<K, unknown>)[kind] as Extract<Insight, Record<K, unknown>>[K];
}

/** A Table's rows as objects keyed by column name. */
export function rowsOf(insights: Insight[], title: string): Record<string, string>[] {
  const [head, ...rows] = titled(insights, 'Table', title).data;
  return rows.map((r) => Object.fromEntries(head!.map((c, i) => [c, r[i] ?? ''])));
}
