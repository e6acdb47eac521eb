import { NativeConnection, Worker, bundleWorkflowCode } from '@temporalio/worker';
import { existsSync, readFileSync } from 'node:fs';
import { ALL_TIERS, FAILURE_CONVERTER_PATH, TIER_QUEUES, WORKFLOW_BUNDLE_PATH, dataConverterFor, workflowsPath } from '@quarry/temporal';
import type { JobTier } from '@quarry/vocabulary';
import type { WorkerDeps } from './deps.js';
import { createActivities } from './activities/create-activities.js';
import { installSdkLogger } from './sdk-logger.js';

export interface RunningWorker {
  /** Resolves when every tier's worker has stopped. */
  done: Promise<void>;
  shutdown(): Promise<void>;
  /** Every tier's worker is polling and the Temporal frontend answers (the health listener's check). */
  isConnected(): Promise<boolean>;
}

/**
 * Polls one task queue per tier with the tier's slot count, so paying tiers get more of the
 * machine. The workflow bundle is built once and shared by all of them.
 */
export async function startWorker(opts: {
  address: string;
  namespace: string;
  masterKey: Buffer;
  deps: WorkerDeps;
  tiers?: JobTier[];
}): Promise<RunningWorker> {
  installSdkLogger(opts.deps.log);
  const connection = await NativeConnection.connect({ address: opts.address });
  // The failure converter is bundled into the workflow code: failures raised inside workflows are
  // encrypted like every other payload.
  const workflowBundle =
    prebuiltBundle() ?? (await bundleWorkflowCode({ workflowsPath, failureConverterPath: FAILURE_CONVERTER_PATH, logger: quietBundlerLogger }));
  const activities = createActivities(opts.deps);
  const workers = await Promise.all(
    (opts.tiers ?? ALL_TIERS).map((tier) =>
      Worker.create({
        connection,
        namespace: opts.namespace,
        taskQueue: TIER_QUEUES[tier].taskQueue,
        workflowBundle,
        activities,
        dataConverter: dataConverterFor(opts.masterKey),
        maxConcurrentActivityTaskExecutions: TIER_QUEUES[tier].slots,
        shutdownGraceTime: '5 seconds',
        // Cancellation reaches an activity with a heartbeat's answer: by default heartbeats are
        // held back up to 12 s here (80% of the timeout), longer than a job deletion waits.
        maxHeartbeatThrottleInterval: HEARTBEAT_THROTTLE,
      }),
    ),
  );
  const done = Promise.all(workers.map((w) => w.run())).then(async () => {
    await connection.close();
  });
  return {
    done,
    async shutdown() {
      for (const w of workers) if (w.getState() === 'RUNNING') w.shutdown();
      await done;
    },
    async isConnected() {
      if (!workers.every((w) => w.getState() === 'RUNNING')) return false;
      return connection.workflowService.getSystemInfo({}).then(
        () => true,
        () => false,
      );
    },
  };
}

/** The bundle built with the compiled @quarry/temporal, when running compiled code and it was built. */
function prebuiltBundle(): { code: string } | undefined {
  if (WORKFLOW_BUNDLE_PATH === undefined || !existsSync(WORKFLOW_BUNDLE_PATH)) return undefined;
  return { code: readFileSync(WORKFLOW_BUNDLE_PATH, 'utf8') };
}

/** Shared with the workflow tests, which must see cancellations as the worker does. */
export const HEARTBEAT_THROTTLE = '1 second';

const noop = () => undefined;
const quietBundlerLogger = { trace: noop, debug: noop, info: noop, warn: noop, error: console.error, log: noop };
