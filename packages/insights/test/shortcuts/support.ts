import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { sharedPath } from '@quarry/testkit';
import { runPipeline, type Insight, type PipelineInput } from '../../src/index.js';

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
 * The files as one lnk job through the real pipeline: the shortcuts reader (recognition by content,
 * parsing, implausible values kept out) and the plug-in's analyzers (File metadata and the six
 * result types sharing one job state).
 */
export function analyseShortcuts(files: readonly JobFile[]): Promise<Insight[]> {
  const inputs: PipelineInput[] = files.map((f, position) => ({
    ref: { position, fileId: `f${position}`, name: f.name, size: f.bytes.length, sha256: '' },
    open: async function* () {
      yield f.bytes;
    },
  }));
  return runPipeline({ category: 'lnk', inputs, options: { runSigmaRules: false }, threads: 1 });
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
