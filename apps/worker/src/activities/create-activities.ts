import type { JobActivities } from '@quarry/temporal';
import type { WorkerDeps } from '../deps.js';
import { failJob } from './fail-job.js';
import { runParseJob } from './run-parse-job.js';
import { unusable } from './unusable.js';

/** Activities built from explicit dependencies so tests run them against real components. */
export function createActivities(deps: WorkerDeps): JobActivities {
  return {
    runParseJob: (input) => runParseJob(deps, input),
    // Scan jobs cannot be created yet (no endpoint starts one); the workflow exists so they plug in here.
    runScanJob: async () => {
      throw unusable('Scan jobs are not available in this version');
    },
    failJob: (input) => failJob(deps, input),
  };
}
