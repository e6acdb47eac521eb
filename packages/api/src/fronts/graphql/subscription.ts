import { isFinished } from '@quarry/vocabulary';
import { watchJob } from '../../jobs/watch-job.js';
import { admit } from '../../operations/admit.js';
import { operations } from '../../operations/table.js';
import { builder, idOf } from './builder.js';
import type { GraphqlContext } from './context.js';
import { JobRef, loadJob, type JobShape } from './jobs.js';

builder.subscriptionType({});

/**
 * The job as it is now, then at each change of status or progress, until it has Completed or
 * Failed. Changes come from PostgreSQL LISTEN/NOTIFY (watchJob), so any API node can serve the
 * subscription whichever worker runs the job. Served over Server-Sent Events by yoga.
 */
async function* jobUpdates(ctx: GraphqlContext, globalId: string): AsyncGenerator<JobShape> {
  const jobId = idOf('Job', globalId);
  // Admitted as getJob is (anyone; the key when the job is private), and loadJob runs getJob itself.
  const { caller, clientKey } = await admit(operations.getJob, ctx.request);
  const base = await loadJob(ctx, jobId);
  for await (const update of watchJob(ctx.deps, caller, clientKey, jobId, ctx.signal)) {
    yield { ...base, status: update.status, progress: update.progress, finishedAt: update.finishedAt };
    if (isFinished(update.status)) return;
  }
}

builder.subscriptionField('job', (t) =>
  t.field({
    type: JobRef,
    description: 'The job now, then again at each change of status or progress; the stream ends once it is COMPLETED or FAILED.',
    args: { id: t.arg.id() },
    subscribe: (_root, args, ctx) => jobUpdates(ctx, args.id),
    resolve: (job) => job,
  }),
);
