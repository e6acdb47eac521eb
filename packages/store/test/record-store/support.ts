import { createHash } from 'node:crypto';
import { createReadStream, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { runPipeline, type PipelineInput } from '@quarry/insights';
import { findEventTemplate, LookupStore } from '@quarry/reference';
import { sharedPath } from '@quarry/testkit';
import type { ParseCategory } from '@quarry/vocabulary';
import { RecordStores, type EventTemplateSource } from '../../src/index.js';

export const SAMPLES = sharedPath('samples');
export const HAVE_SAMPLES = existsSync(SAMPLES);
export const NO_SAMPLES = `skipped: ${SAMPLES} is absent (../shared/samples)`;
export const samplePath = (rel: string): string => join(SAMPLES, rel);

/** Sample files as pipeline inputs, streamed from disk (as the worker hands them over). */
export function inputsOf(rels: readonly string[]): PipelineInput[] {
  return rels.map((rel, position) => {
    const path = samplePath(rel);
    return {
      ref: {
        position,
        fileId: `00000000-0000-4000-8000-${String(position).padStart(12, '0')}`,
        name: basename(path),
        size: statSync(path).size,
        sha256: createHash('sha256').update(readFileSync(path)).digest('hex'),
      },
      open: () => createReadStream(path, { highWaterMark: 64 * 1024 }),
    };
  });
}

/** A fresh directory for stores, removed by the returned function. */
export function tempDir(): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'quarry-record-store-'));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Event templates from the shipped lookup data, as the worker would pass them. */
export async function shippedTemplates(): Promise<EventTemplateSource> {
  const ds = await new LookupStore().dataset('event_id');
  return (provider, id, version) => findEventTemplate(ds, provider, id, version);
}

/** Builds a job's store through the real pipeline, with the writer as its record sink. */
export async function buildStore<C extends ParseCategory>(
  stores: RecordStores,
  jobId: string,
  category: C,
  rels: readonly string[],
  jobKey: Buffer | null,
  eventTemplates?: EventTemplateSource,
): Promise<void> {
  const sink = stores.writer(jobId, category, jobKey, { eventTemplates });
  await runPipeline({ category, inputs: inputsOf(rels), options: { runSigmaRules: false }, threads: 1, sink, analyzers: [] });
}
