import type { JobActivities } from '@quarry/temporal';
import { configureThreadPool } from '@quarry/threads';
import type { WorkerDeps } from '../deps.js';
import { IdleRelease } from '../idle-release.js';
import { failJob } from './fail-job.js';
import { runParseJob } from './run-parse-job.js';
import { runScanJob } from './run-scan-job.js';
import { deliverWebhook } from './deliver-webhook.js';
import { webhookDeliveries } from './webhook-deliveries.js';

/** Activities built from explicit dependencies so tests run them against real components. */
export function createActivities(deps: WorkerDeps): JobActivities {
  // The process's one thread pool (EVTX chunks with their Sigma matching, store writers) gets a CPU
  // thread per core of the budget, before any job runs: each job's lease caps its share of them.
  configureThreadPool({ threads: deps.cpu.cores });
  // One per worker process (startWorker calls this once for every tier): idle means no job of any tier.
  const idle = new IdleRelease({
    onError: (err) => deps.log.warn({ err }, 'the idle heap collection failed'),
    // What an idle worker holds, heap and the rest (malloc, thread stacks, native code): what a job left behind.
    onCollected: () => deps.log.info(memoryMiB(), 'idle worker: heap collected'),
  });
  return {
    runParseJob: (input) => idle.around(() => runParseJob(deps, input)),
    runScanJob: (input) => idle.around(() => runScanJob(deps, input)),
    failJob: (input) => failJob(deps, input),
    webhookDeliveries: (input) => webhookDeliveries(deps, input),
    deliverWebhook: (input) => deliverWebhook(deps, input),
  };
}

const memoryMiB = (): Record<string, number> => {
  const m = process.memoryUsage();
  const mib = (b: number) => Math.round(b / 2 ** 20);
  return {
    rssMiB: mib(m.rss),
    heapTotalMiB: mib(m.heapTotal),
    heapUsedMiB: mib(m.heapUsed),
    externalMiB: mib(m.external),
    arrayBuffersMiB: mib(m.arrayBuffers),
  };
};
