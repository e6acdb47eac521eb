import { LocalFiles } from '@quarry/storage';
import { runPipeline } from '@quarry/insights';
import { describe, expect, it } from 'vitest';
import { RecordStores } from '../../src/index.js';
import { HAVE_SAMPLES, NO_SAMPLES, inputsOf, tempDir } from './support.js';

/**
 * A triage job builds a store per member type at once, more than the pool's stream threads: the
 * later writers wait for a thread with their batches and their close queued, and their task then
 * answers and ends in one go. Its end (on the pool's channel) used to overtake its answer to the
 * close (on the store's port) and fail the close: "record store writer task ended".
 */
describe.skipIf(!HAVE_SAMPLES)(`store writers beyond the pool's stream threads ${HAVE_SAMPLES ? '' : NO_SAMPLES}`, () => {
  it('wait their turn and every one closes and publishes its store', async () => {
    const { dir, cleanup } = tempDir();
    try {
      const stores = new RecordStores(new LocalFiles(dir));
      const jobs = Array.from({ length: 5 }, (_, n) => `job-${n}`);
      const results = await Promise.allSettled(
        jobs.map((job) =>
          runPipeline({
            category: 'registry',
            inputs: inputsOf(['registry/regipy/SYSTEM_B']),
            options: { runSigmaRules: false },
            threads: 1,
            sink: stores.writer(job, 'registry', null),
            analyzers: [],
          }),
        ),
      );
      expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
      const totals = new Set<number>();
      for (const job of jobs) {
        const reader = await stores.open(job, 'registry', null);
        expect(reader, job).not.toBeNull();
        totals.add(reader!.search({ search: '', page: 1, show: 1 }).total);
        reader!.close();
      }
      // The same hive in each: the same rows in each.
      expect(totals.size).toBe(1);
      expect([...totals][0]).toBeGreaterThan(0);
    } finally {
      cleanup();
    }
  });
});
