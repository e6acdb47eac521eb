import { Context } from '@temporalio/activity';
import { files, jobs } from '@quarry/db';
import { UnusableInputError, pluginOf, runPipeline, type PipelineInput, type RecordNotes } from '@quarry/insights';
import { writeInsights } from '@quarry/store';
import type { JobInput } from '@quarry/temporal';
import { isFinished, isParseCategory } from '@quarry/vocabulary';
import type { WorkerDeps } from '../deps.js';
import { evidenceStream } from './evidence-stream.js';
import { storeSink } from './store-sink.js';
import { knownExecutablesOf } from './known-executables.js';
import { JobProgress } from './job-progress.js';
import { estimateJobMemory } from '../memory-estimate.js';
import { clientKeyOf, jobKeyOf } from './job-keys.js';
import { unusable } from './unusable.js';

/**
 * The activity is glue: load the job, open its evidence, run the pipeline, seal and store the
 * insights, set the status. Everything about reading and analysing lives in @quarry/insights.
 */
export async function runParseJob(deps: WorkerDeps, input: JobInput): Promise<void> {
  const ctx = Context.current();
  const job = await jobs.get(deps.db, input.jobId);
  // Deleted meanwhile, or finished by an earlier attempt whose completion was lost.
  if (!job || isFinished(job.status)) return;
  const category = job.category;
  if (!isParseCategory(category)) throw unusable(`Job category ${category} is not a parse job`);

  const found = [];
  for (const item of job.inputs) {
    const file = await files.get(deps.db, item.fileId);
    if (!file) throw unusable(`Input file ${item.fileName} was deleted before the job could read it`);
    found.push({ item, file });
  }
  const inputBytes = found.reduce((sum, { file }) => sum + Number(file.size), 0);
  // The job stays Pending while it waits for memory (the activity heartbeats on a timer meanwhile: create-activities.ts).
  const estimate = estimateJobMemory(category, inputBytes);
  const waitFrom = performance.now();
  const memory = await deps.memory.acquire(estimate, ctx.cancellationSignal);
  // A retried attempt says so here: its job may read Processing from an earlier attempt while it waited.
  deps.log.info(
    { jobId: job.id, attempt: ctx.info.attempt, estimateMiB: Math.round(estimate / 2 ** 20), waitedS: Math.round(performance.now() - waitFrom) / 1000 },
    'job admitted',
  );
  try {
    await jobs.setStatus(deps.db, job.id, 'Processing');
    const clientKey = clientKeyOf(input.clientKey);
    const jobKey = jobKeyOf(job.wrappedKey, clientKey);
    const progress = new JobProgress(deps.db, job.id, inputBytes, deps.log);
    await progress.start();
    const inputs: PipelineInput[] = found.map(({ item, file }) => ({
      ref: { position: item.position, fileId: file.id, name: file.originalName, size: Number(file.size), sha256: file.sha256 },
      open: () => progress.count(evidenceStream(deps.blobs, file, clientKey, ctx.cancellationSignal)),
    }));

    const notes: RecordNotes = { sigmaMatches: [] };
    const sink = deps.skipRecordStores ? undefined : await storeSink(deps, { id: job.id, key: jobKey }, category, notes);
    const lease = deps.cpu.acquire();
    const runSigmaRules = job.params['run_sigma_rules'] === true;
    let insights;
    try {
      insights = await runPipeline({
        category,
        inputs,
        options: { runSigmaRules },
        sigmaRules: runSigmaRules && pluginOf(category).runsSigmaRules ? deps.sigma.current() : undefined,
        knownExecutables: pluginOf(category).usesKnownExecutables ? await knownExecutablesOf(deps) : undefined,
        threads: lease.threads,
        sink,
        notes,
        // A composite job's (triage) member types each get a store of the job's own, each on a
        // thread of its own: one walk of the collection feeds them all, so none may wait for another.
        sinkFor: deps.skipRecordStores ? undefined : (type, typeNotes) => storeSink(deps, { id: job.id, key: jobKey }, type, typeNotes, true),
        onProgress: () => progress.tick(),
        signal: ctx.cancellationSignal,
      });
    } catch (err) {
      if (err instanceof UnusableInputError) throw unusable(err.message);
      throw err;
    } finally {
      lease.release();
    }

    await progress.finish();
    await writeInsights(deps.db, job.id, jobKey, insights);
    await jobs.setStatus(deps.db, job.id, 'Completed');
    deps.log.info({ jobId: job.id, files: job.inputs.length, threads: lease.threads }, 'job completed');
  } finally {
    memory.release();
  }
}
