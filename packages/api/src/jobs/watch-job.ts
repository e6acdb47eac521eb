import { jobs, type JobProgressDto, type JobStateDto } from '@quarry/db';
import { isFinished, type JobStatus } from '@quarry/vocabulary';
import type { Caller } from '../auth/caller.js';
import type { ServiceDeps } from '../deps.js';
import { AppError } from '../errors/app-error.js';
import { loadReadableJob } from './access.js';

/** Bytes of the job's inputs read (or scanned) of their total. */
export type JobProgress = JobProgressDto;

/** One state of a watched job, as fronts push it (GraphQL `Subscription.job`, tRPC `jobs.watch`). */
export interface JobUpdate {
  id: string;
  status: JobStatus;
  /** Null until a worker starts the job. */
  progress: JobProgress | null;
  finishedAt: Date | null;
}

/**
 * The job's current state, then each change of status or progress, ending after Completed or
 * Failed (or when `signal` aborts, or the process's job events close). Access is checked as
 * getJob checks it. Notifications only say "read again", so a slow consumer never queues them:
 * it gets the latest state when it asks for the next one.
 */
export async function* watchJob(
  deps: ServiceDeps,
  caller: Caller,
  clientKey: Buffer | null,
  jobId: string,
  signal: AbortSignal,
): AsyncGenerator<JobUpdate, void, undefined> {
  const { job } = await loadReadableJob(deps, caller, clientKey, jobId, `Job with ID ${jobId} not found`);
  let stale = false;
  let closed = false;
  let wake: (() => void) | null = null;
  const onAbort = () => wake?.();
  // Subscribed before the first read: a change after that read is then sure to be heard.
  const unsubscribe = await deps.jobEvents.subscribe(job.id, (event) => {
    if (event === 'closed') closed = true;
    stale = true;
    wake?.();
  });
  signal.addEventListener('abort', onAbort);
  try {
    let last: JobUpdate | null = null;
    while (!signal.aborted) {
      const state = await jobs.getState(deps.db, job.id);
      if (!state) throw new AppError('NOT_FOUND', `Job with ID ${jobId} not found`);
      if (!last || differs(last, state)) yield (last = toUpdate(state));
      if (isFinished(state.status) || closed) return;
      while (!stale && !signal.aborted) await new Promise<void>((resolve) => (wake = resolve));
      wake = null;
      stale = false;
      if (closed) return;
    }
  } finally {
    signal.removeEventListener('abort', onAbort);
    unsubscribe();
  }
}

function toUpdate(state: JobStateDto): JobUpdate {
  return { id: state.id, status: state.status, progress: state.progress, finishedAt: state.finishedAt };
}

function differs(last: JobUpdate, state: JobStateDto): boolean {
  return (
    last.status !== state.status ||
    last.finishedAt?.getTime() !== state.finishedAt?.getTime() ||
    last.progress?.done !== state.progress?.done ||
    last.progress?.total !== state.progress?.total
  );
}
