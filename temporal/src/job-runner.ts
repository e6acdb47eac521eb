import { Client, Connection, WorkflowNotFoundError } from '@temporalio/client';
import { jobKindOf, type JobCategory, type JobTier } from '@quarry/vocabulary';
import { dataConverterFor } from './data-converter.js';
import { WORKFLOW_TYPES, workflowIdOf, type JobInput } from './job-types.js';
import { ALL_TIERS, TIER_QUEUES } from './task-queues.js';

/** Where a job runs: recorded with the job before it starts. */
export interface JobPlacement {
  workflowId: string;
  taskQueue: string;
}

export interface JobToStart {
  jobId: string;
  category: JobCategory;
  tier: JobTier;
  /** The caller's key, for private jobs: it travels only inside encrypted payloads. */
  clientKey: Buffer | null;
}

export interface RunnerReadiness {
  temporal: boolean;
  /** A worker polls every tier's queue. */
  worker: boolean;
}

/** The one seam between the services and Temporal: start, stop, and is anyone there to run jobs. */
export interface JobRunner {
  placementOf(jobId: string, tier: JobTier): JobPlacement;
  start(job: JobToStart): Promise<void>;
  /** Cancels a running job's workflow, terminating it when it does not stop within the grace period. */
  stop(workflowId: string): Promise<void>;
  readiness(): Promise<RunnerReadiness>;
  close(): Promise<void>;
}

const CANCEL_GRACE_MS = 10_000;
const ACTIVITY_QUEUE = 2;

export const placementOf = (jobId: string, tier: JobTier): JobPlacement => ({
  workflowId: workflowIdOf(jobId),
  taskQueue: TIER_QUEUES[tier].taskQueue,
});

/**
 * How long a workflow start may take. The client retries an unreachable server for ~20 s on its
 * own; past this the call fails DEADLINE_EXCEEDED and the request is answered 503 at once (the
 * job row is removed). A start answered late but made anyway finds no job row and ends.
 * Starts took ~2.4 s at p95 under the heaviest load measured (bench:load, 64 clients).
 */
export const START_DEADLINE_MS = 5_000;

/** A JobRunner over a Temporal server, with the encrypting data converter. */
export async function connectJobRunner(opts: { address: string; namespace: string; masterKey: Uint8Array }): Promise<JobRunner> {
  const connection = await Connection.connect({ address: opts.address });
  const client = new Client({ connection, namespace: opts.namespace, dataConverter: dataConverterFor(opts.masterKey) });
  return jobRunnerOver(client, opts.namespace);
}

export function jobRunnerOver(client: Client, namespace: string): JobRunner {
  return {
    placementOf,

    async start(job) {
      const { workflowId, taskQueue } = placementOf(job.jobId, job.tier);
      const input: JobInput = { jobId: job.jobId, category: job.category, clientKey: job.clientKey ? job.clientKey.toString('base64') : null };
      await client.connection.withDeadline(Date.now() + START_DEADLINE_MS, () =>
        client.workflow.start(WORKFLOW_TYPES[jobKindOf(job.category)], {
          taskQueue,
          workflowId,
          args: [input],
          priority: { priorityKey: TIER_QUEUES[job.tier].priorityKey },
        }),
      );
    },

    async stop(workflowId) {
      const handle = client.workflow.getHandle(workflowId);
      try {
        const { status } = await handle.describe();
        if (status.name !== 'RUNNING') return;
        await handle.cancel();
        const closed = await Promise.race([
          handle.result().then(
            () => true,
            () => true,
          ),
          new Promise<false>((r) => setTimeout(() => r(false), CANCEL_GRACE_MS).unref()),
        ]);
        if (!closed) await handle.terminate('job deleted');
      } catch (err) {
        if (!(err instanceof WorkflowNotFoundError)) throw err;
      }
    },

    async readiness() {
      const temporal = await client.workflowService.getSystemInfo({}).then(
        () => true,
        () => false,
      );
      if (!temporal) return { temporal, worker: false };
      const polled = await Promise.all(
        ALL_TIERS.map((tier) =>
          client.workflowService.describeTaskQueue({ namespace, taskQueue: { name: TIER_QUEUES[tier].taskQueue }, taskQueueType: ACTIVITY_QUEUE }).then(
            (r) => (r.pollers ?? []).length > 0,
            () => false,
          ),
        ),
      );
      return { temporal, worker: polled.every(Boolean) };
    },

    close: () => client.connection.close(),
  };
}
