import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { sharedPath } from '@quarry/testkit';
import type { PipelineInput } from '../../src/index.js';

export const SAMPLES = sharedPath('samples');
export const HAVE_SAMPLES = existsSync(SAMPLES);
export const NO_SAMPLES = `skipped: ${SAMPLES} is absent (../shared/samples)`;

export const samplePath = (rel: string): string => join(SAMPLES, rel);

/** Sample files as pipeline inputs, streamed from disk in 64 KiB pieces; counts how often each is opened. */
export function inputsOf(rels: string[], opened: Map<number, number> = new Map()): PipelineInput[] {
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
      open: () => {
        opened.set(position, (opened.get(position) ?? 0) + 1);
        return createReadStream(path, { highWaterMark: 64 * 1024 });
      },
    };
  });
}
