import { readdirSync, statSync, createReadStream } from 'node:fs';
import { join } from 'node:path';
import type { PipelineInput } from '@quarry/insights';
import { sharedPath } from '@quarry/testkit';

const SAMPLES = sharedPath('samples', 'evtx');

export function evtxSamples(): string[] {
  return readdirSync(SAMPLES, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.toLowerCase().endsWith('.evtx'))
    .map((f) => join(SAMPLES, f))
    .sort();
}

/** Files given by path (e.g. `BENCH_EVTX`: a big log that goes to the evtx worker threads), `reps` times over. */
export function filesAsInputs(paths: readonly string[], reps: number): PipelineInput[] {
  const out: PipelineInput[] = [];
  for (let r = 0; r < reps; r++) {
    for (const path of paths) {
      const position = out.length;
      out.push({
        ref: { position, fileId: `bench-${position}`, name: path, size: statSync(path).size, sha256: '' },
        open: () => createReadStream(path, { highWaterMark: 256 * 1024 }),
      });
    }
  }
  return out;
}

/** The samples `reps` times over, each copy its own input (as a job of many similar logs would be). */
export function replicated(reps: number): PipelineInput[] {
  const files = evtxSamples();
  const out: PipelineInput[] = [];
  for (let r = 0; r < reps; r++) {
    for (const path of files) {
      const position = out.length;
      out.push({
        ref: { position, fileId: `bench-${position}`, name: path.slice(SAMPLES.length + 1), size: statSync(path).size, sha256: '' },
        open: () => createReadStream(path, { highWaterMark: 256 * 1024 }),
      });
    }
  }
  return out;
}
