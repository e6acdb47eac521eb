import type { JobActivities } from '@quarry/temporal';
import type { WorkerDeps } from '../deps.js';
import { failJob } from './fail-job.js';
import { runParseJob } from './run-parse-job.js';
import { runScanJob } from './run-scan-job.js';

/** Activities built from explicit dependencies so tests run them against real components. */
export function createActivities(deps: WorkerDeps): JobActivities {
  return {
    runParseJob: (input) => runParseJob(deps, input),
    runScanJob: (input) => runScanJob(deps, input),
    failJob: (input) => failJob(deps, input),
  };
}
