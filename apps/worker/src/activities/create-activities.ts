import { Context } from '@temporalio/activity';
import type { JobActivities } from '@quarry/temporal';
import { configureThreadPool } from '@quarry/threads';
import type { WorkerDeps } from '../deps.js';
import { IdleRelease } from '../idle-release.js';
import { failJob } from './fail-job.js';
import { heartbeatWhile } from './heartbeat.js';
import { runParseJob } from './run-parse-job.js';
import { runScanJob } from './run-scan-job.js';
import { deliverWebhook } from './deliver-webhook.js';
import { webhookDeliveries } from './webhook-deliveries.js';

/**
 * Heap of each CPU thread of the worker's pool (EVTX chunk runs with their Sigma matching), MiB:
 * old generation and young. Such a thread holds the job's compiled Sigma set and a few batches,
 * 52-65 MiB live after a full collection on the 1 GiB EVTX job (SigmaHQ's rules; the whole release
 * compiles to 6 MiB more); the rest is the batches' garbage, which the worker's heap-growing factor
 * lets pile up to about four times the live data before the next full collection. Uncapped (the
 * main thread's flags used to override the pool's caps) each grew to 410-460 MiB.
 */
const CPU_THREAD_HEAP_MB = 160;
const CPU_THREAD_YOUNG_MB = 96;

/** Activities built from explicit dependencies so tests run them against real components. */
export function createActivities(deps: WorkerDeps): JobActivities {
  // The process's one thread pool (EVTX chunks with their Sigma matching, store writers) gets a CPU
  // thread per core of the budget, before any job runs: each job's lease caps its share of them.
  configureThreadPool({ threads: deps.cpu.cores, heapMb: CPU_THREAD_HEAP_MB, youngMb: CPU_THREAD_YOUNG_MB });
  // One per worker process (startWorker calls this once for every tier): idle means no job of any tier.
  const idle = new IdleRelease({
    onError: (err) => deps.log.warn({ err }, 'the idle heap collection failed'),
    // What an idle worker holds, heap and the rest (malloc, thread stacks, native code): what a job left behind.
    onCollected: () => deps.log.info(memoryMiB(), 'idle worker: heap collected'),
  });
  return {
    // A job's activity heartbeats on a timer from its first line to its last, waiting for memory included.
    runParseJob: (input) => idle.around(() => heartbeatWhile(Context.current(), () => runParseJob(deps, input))),
    runScanJob: (input) => idle.around(() => heartbeatWhile(Context.current(), () => runScanJob(deps, input))),
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
