import { Context } from '@temporalio/activity';
import { jobs } from '@quarry/db';
import type { Insight } from '@quarry/insights';
import { writeInsights } from '@quarry/store';
import type { JobInput } from '@quarry/temporal';
import { isFinished } from '@quarry/vocabulary';
import type { WorkerDeps } from '../deps.js';
import { clientKeyOf, jobKeyOf } from './job-keys.js';
import { JobProgress } from './job-progress.js';
import { scanInputs } from './scan-inputs.js';
import { customRuleOf } from './scan-rule.js';
import { runSigmaFileScan } from './sigma-file-scan.js';
import { unusable } from './unusable.js';
import { runYaraFileScan } from './yara-file-scan.js';

/**
 * Glue for a file-scan job, like runParseJob: load the job and its rule, scan every input (opened
 * as a stream from the blob store and decrypted here, in the worker), seal the results, set the
 * status. YARA and Sigma differ only in the scan step.
 */
export async function runScanJob(deps: WorkerDeps, input: JobInput): Promise<void> {
  const ctx = Context.current();
  const job = await jobs.get(deps.db, input.jobId);
  if (!job || isFinished(job.status)) return;
  if (job.category !== 'Yara' && job.category !== 'sigma') throw unusable(`Job category ${job.category} is not a scan job`);
  await jobs.setStatus(deps.db, job.id, 'Processing');

  const clientKey = clientKeyOf(input.clientKey);
  const jobKey = jobKeyOf(job.wrappedKey, clientKey);
  const inputFiles = await scanInputs(deps.db, job);
  const progress = new JobProgress(
    deps.db,
    job.id,
    inputFiles.reduce((sum, file) => sum + Number(file.size), 0),
    deps.log,
  );
  await progress.start();
  const scan = { job, files: inputFiles, clientKey, customRule: customRuleOf(job, jobKey), ctx, progress };
  const lease = deps.cpu.acquire(job.category === 'Yara' ? deps.cpu.cores : 1);
  let insights: Insight[];
  try {
    insights = job.category === 'Yara' ? await runYaraFileScan(deps, scan, lease.threads) : await runSigmaFileScan(deps, scan, lease.threads);
  } finally {
    lease.release();
  }
  await progress.finish();
  await writeInsights(deps.db, job.id, jobKey, insights);
  await jobs.setStatus(deps.db, job.id, 'Completed');
  deps.log.info({ jobId: job.id, category: job.category, files: scan.files.length }, 'scan job completed');
}
