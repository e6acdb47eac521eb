import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { post, upload, waitForJob } from './support/api.js';
import { SAMPLES, startHarness, warnIfNoSamples, type Harness } from './support/harness.js';

// The job: 28.2 MiB of real logs (the samples' three largest, about 75,500 records by MANIFEST.tsv),
// Sigma on with the built-in pack. Large enough that every job's record store fills the writer's page cache and
// leaves the worker's heap full of garbage, as the whole-samples job of issue 39 did.
const EVIDENCE = [
  'evtx/DFIRArtifactMuseum/Win2012R2_StolenSzechuan/System.evtx',
  'evtx/DFIRArtifactMuseum/Win2012R2_StolenSzechuan/Security.evtx',
  'evtx/DFIRArtifactMuseum/Win11_RathbunVM/Security.evtx',
].map((p) => join(SAMPLES, p));
const JOBS = 5;
/** After a job, as an operator would look: the worker left alone this long, nothing forced. */
const SETTLE_MS = 6_000;
const MiB = 1024 * 1024;

const vmRss = (pid: number): number => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!m) throw new Error(`no VmRSS for process ${pid}`);
  return Number(m[1]) * 1024;
};

/** The worker's own account after its idle collection (apps/worker create-activities.ts): JS heap against the rest. */
const lastIdleHeap = (logs: string): string => {
  const line = logs
    .split('\n')
    .filter((l) => l.includes('idle worker: heap collected'))
    .at(-1);
  const m = line && /"heapUsedMiB":(\d+).*"externalMiB":(\d+)/.exec(line);
  return m ? `${m[1]} MiB used, ${m[2]} MiB external` : 'not logged';
};

warnIfNoSamples();
describe.skipIf(!EVIDENCE.every((p) => existsSync(p)))('the worker between jobs', () => {
  let h: Harness;
  let pid: number;
  beforeAll(async () => {
    h = await startHarness();
    pid = (await h.startWorker()).pid!;
  });
  afterAll(async () => h?.stop());

  test(`the same job ${JOBS} times: the idle RSS after each stays within 10% of the first's`, async () => {
    const up = await upload(
      h.url,
      EVIDENCE.map((path) => ({ path })),
    );
    expect(up.status).toBe(200);
    const fileIds = (up.json.file_ids as string[][]).map(([id]) => id);
    const idle: number[] = [];
    const heaps: string[] = [];
    for (let i = 0; i < JOBS; i++) {
      const created = await post(h.url, '/analysis/winevtx/parse', { file_ids: fileIds, run_sigma_rules: true });
      expect(created.status).toBe(200);
      const done = await waitForJob(h.url, created.json.id, {}, 600_000);
      expect(done.json.status).toBe('Completed');
      await new Promise((r) => setTimeout(r, SETTLE_MS));
      idle.push(vmRss(pid));
      heaps.push(lastIdleHeap(h.logText()));
    }
    const report = idle.map((b, i) => `job ${i + 1}: ${(b / MiB).toFixed(0)} MiB (heap ${heaps[i]})`).join(', ');
    console.log(`worker idle RSS after each job: ${report}`);
    for (const b of idle.slice(1)) expect(b / idle[0]!, report).toBeLessThanOrEqual(1.1);
    // A job takes seconds on an idle machine, minutes on this shared one.
  }, 900_000);
});
