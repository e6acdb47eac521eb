import type { JobActivities } from '@quarry/temporal';
import type { WorkerDeps } from '../deps.js';
import { IdleRelease } from '../idle-release.js';
import { failJob } from './fail-job.js';
import { runParseJob } from './run-parse-job.js';
import { runScanJob } from './run-scan-job.js';

/** Activities built from explicit dependencies so tests run them against real components. */
export function createActivities(deps: WorkerDeps): JobActivities {
  // One per worker process (startWorker calls this once for every tier): idle means no job of any tier.
  const idle = new IdleRelease({ onError: (err) => deps.log.warn({ err }, 'the idle heap collection failed') });
  return {
    runParseJob: (input) => idle.around(() => runParseJob(deps, input)),
    runScanJob: (input) => idle.around(() => runScanJob(deps, input)),
    failJob: (input) => failJob(deps, input),
  };
}
