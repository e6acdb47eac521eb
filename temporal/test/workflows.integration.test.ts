import { randomUUID } from 'node:crypto';
import { ApplicationFailure, Context, CancelledFailure } from '@temporalio/activity';
import { Client, WorkflowFailedError, WorkflowNotFoundError } from '@temporalio/client';
import proto from '@temporalio/proto';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { DefaultLogger, Runtime, Worker } from '@temporalio/worker';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createLogger } from '@quarry/config';
import { newDataKey } from '@quarry/crypto';
import { ensureTemporalCli } from '@quarry/devstack';
import {
  ALL_TIERS,
  FAILURE_CONVERTER_PATH,
  TIER_QUEUES,
  UNUSABLE_INPUT,
  dataConverterFor,
  jobRunnerOver,
  webhooksWorkflowIdOf,
  workflowIdOf,
  workflowsPath,
  type FailJobInput,
  type JobActivities,
  type JobInput,
} from '../src/index.js';

// The SDK's per-state INFO lines would drown the test output; the runtime is per process.
Runtime.install({ logger: new DefaultLogger('WARN') });

type Behaviour = (input: JobInput, attempt: number) => Promise<void>;

/** Activities whose behaviour each test sets per job id, recording every call. */
class Recorder {
  calls: { name: string; jobId: string; attempt: number; message?: string }[] = [];
  behaviours = new Map<string, Behaviour>();
  /** Jobs whose webhooks were asked for (the job's workflow started jobWebhooks as it ended). */
  announced: string[] = [];
  activities: JobActivities = {
    webhookDeliveries: async ({ jobId }) => {
      this.announced.push(jobId);
      return [];
    },
    deliverWebhook: async () => undefined,
    runParseJob: (input) => this.run('runParseJob', input),
    runScanJob: (input) => this.run('runScanJob', input),
    failJob: async (input: FailJobInput) => {
      this.calls.push({ name: 'failJob', jobId: input.jobId, attempt: Context.current().info.attempt, message: input.message });
    },
  };
  private async run(name: string, input: JobInput): Promise<void> {
    const attempt = Context.current().info.attempt;
    this.calls.push({ name, jobId: input.jobId, attempt });
    await (this.behaviours.get(input.jobId) ?? (async () => undefined))(input, attempt);
  }
  of(jobId: string) {
    return this.calls.filter((c) => c.jobId === jobId).map((c) => c.name);
  }
}

describe('parse and scan workflows on a real Temporal dev server', () => {
  let env: TestWorkflowEnvironment;
  let client: Client;
  const recorder = new Recorder();
  const masterKey = newDataKey();
  let workers: Worker[] = [];
  let running: Promise<void>;

  beforeAll(async () => {
    const cli = await ensureTemporalCli(createLogger('temporal-test', { level: 'warn' }));
    env = await TestWorkflowEnvironment.createLocal({ server: { executable: { type: 'existing-path', path: cli } } });
    client = new Client({ connection: env.connection, dataConverter: dataConverterFor(masterKey) });
    const { bundleWorkflowCode } = await import('@temporalio/worker');
    const workflowBundle = await bundleWorkflowCode({ workflowsPath, failureConverterPath: FAILURE_CONVERTER_PATH, logger: quiet });
    workers = await Promise.all(
      ALL_TIERS.map((tier) =>
        Worker.create({
          connection: env.nativeConnection,
          taskQueue: TIER_QUEUES[tier].taskQueue,
          workflowBundle,
          activities: recorder.activities,
          dataConverter: dataConverterFor(masterKey),
          // As apps/worker sets it: cancellations arrive within a second or so.
          maxHeartbeatThrottleInterval: '1 second',
        }),
      ),
    );
    running = Promise.all(workers.map((w) => w.run())).then(() => undefined);
  }, 180_000);

  afterAll(async () => {
    for (const w of workers) if (w.getState() === 'RUNNING') w.shutdown();
    await running;
    await env?.teardown();
  });

  const runner = () => jobRunnerOver(client, 'default');
  const result = (jobId: string) => client.workflow.getHandle(workflowIdOf(jobId)).result();

  test('a parse job runs runParseJob once and never failJob when it succeeds', async () => {
    const jobId = randomUUID();
    await runner().start({ jobId, category: 'winevtx', tier: 'free', clientKey: null });
    await result(jobId);
    expect(recorder.of(jobId)).toEqual(['runParseJob']);
    const described = await client.workflow.getHandle(workflowIdOf(jobId)).describe();
    expect(described.type).toBe('parseJob');
    expect(described.taskQueue).toBe(TIER_QUEUES.free.taskQueue);
  });

  test('unusable input is not retried: failJob records its message', async () => {
    const jobId = randomUUID();
    recorder.behaviours.set(jobId, async () => {
      throw ApplicationFailure.nonRetryable('File x.evtx is not an EVTX event log', UNUSABLE_INPUT);
    });
    await runner().start({ jobId, category: 'registry', tier: 'pro', clientKey: null });
    await result(jobId);
    expect(recorder.of(jobId)).toEqual(['runParseJob', 'failJob']);
    expect(recorder.calls.find((c) => c.jobId === jobId && c.name === 'failJob')?.message).toBe('File x.evtx is not an EVTX event log');
  });

  test('a transient fault is retried with backoff, then the job completes', async () => {
    const jobId = randomUUID();
    recorder.behaviours.set(jobId, async (_input, attempt) => {
      if (attempt < 3) throw new Error('database restarting');
    });
    await runner().start({ jobId, category: 'prefetch', tier: 'enterprise', clientKey: null });
    await result(jobId);
    expect(recorder.calls.filter((c) => c.jobId === jobId).map((c) => `${c.name}#${c.attempt}`)).toEqual(['runParseJob#1', 'runParseJob#2', 'runParseJob#3']);
  });

  test('an internal failure is reported to the owner without its details', async () => {
    const jobId = randomUUID();
    recorder.behaviours.set(jobId, async () => {
      throw ApplicationFailure.nonRetryable('ECONNREFUSED /var/lib/secret/path', 'InternalError');
    });
    await runner().start({ jobId, category: 'winevtx', tier: 'anonymous', clientKey: null });
    await result(jobId);
    expect(recorder.calls.find((c) => c.jobId === jobId && c.name === 'failJob')?.message).toBe('The job could not be completed after several attempts');
  });

  test('stop cancels a running job: the activity sees the cancellation, and no Failed state is recorded', async () => {
    const jobId = randomUUID();
    let sawCancel = false;
    recorder.behaviours.set(jobId, async () => {
      const ctx = Context.current();
      try {
        for (;;) {
          ctx.heartbeat();
          await ctx.sleep(100);
        }
      } catch (err) {
        if (err instanceof CancelledFailure) sawCancel = true;
        throw err;
      }
    });
    await runner().start({ jobId, category: 'winevtx', tier: 'free', clientKey: null });
    while (!recorder.of(jobId).includes('runParseJob')) await new Promise((r) => setTimeout(r, 50));
    await runner().stop(workflowIdOf(jobId));
    await expect(result(jobId)).rejects.toBeInstanceOf(WorkflowFailedError);
    expect(sawCancel).toBe(true);
    expect(recorder.of(jobId)).toEqual(['runParseJob']);
    const described = await client.workflow.getHandle(workflowIdOf(jobId)).describe();
    expect(described.status.name).toBe('CANCELLED');
    // A deleted job tells no webhook.
    await expect(client.workflow.getHandle(webhooksWorkflowIdOf(jobId)).describe()).rejects.toBeInstanceOf(WorkflowNotFoundError);
    expect(recorder.announced).not.toContain(jobId);
  });

  test('scan categories start the scan workflow, which runs runScanJob', async () => {
    const jobId = randomUUID();
    await runner().start({ jobId, category: 'Yara', tier: 'pro', clientKey: null });
    await result(jobId);
    expect(recorder.of(jobId)).toEqual(['runScanJob']);
    expect((await client.workflow.getHandle(workflowIdOf(jobId)).describe()).type).toBe('scanJob');
  });

  test('the caller key reaches the activity, and only as ciphertext in history', async () => {
    const jobId = randomUUID();
    const key = newDataKey();
    let seen: string | null = null;
    recorder.behaviours.set(jobId, async (input) => {
      seen = input.clientKey;
    });
    await runner().start({ jobId, category: 'winevtx', tier: 'free', clientKey: key });
    await result(jobId);
    expect(seen).toBe(key.toString('base64'));
    const raw = new Client({ connection: env.connection });
    const history = await raw.workflow.getHandle(workflowIdOf(jobId)).fetchHistory();
    const bytes = Buffer.from(proto.temporal.api.history.v1.History.encode(history).finish());
    expect(bytes.length).toBeGreaterThan(0);
    expect(bytes.includes(Buffer.from(key.toString('base64')))).toBe(false);
    expect(bytes.includes(key)).toBe(false);
  });

  test('a job that ends, completed or failed, starts its webhook workflow after its final state; a cancelled one does not', async () => {
    const done = randomUUID();
    const failed = randomUUID();
    recorder.behaviours.set(failed, async () => {
      throw ApplicationFailure.nonRetryable('File x is not a prefetch file', UNUSABLE_INPUT);
    });
    await runner().start({ jobId: done, category: 'prefetch', tier: 'free', clientKey: null });
    await runner().start({ jobId: failed, category: 'sigma', tier: 'free', clientKey: null });
    await Promise.all([result(done), result(failed)]);
    for (const jobId of [done, failed]) {
      const child = client.workflow.getHandle(webhooksWorkflowIdOf(jobId));
      await child.result();
      expect((await child.describe()).type).toBe('jobWebhooks');
      expect(recorder.announced).toContain(jobId);
    }
    // failJob ran before the webhooks were asked for: the Failed state is committed first.
    expect(recorder.of(failed)).toEqual(['runScanJob', 'failJob']);
  });

  test('readiness: Temporal answers and every tier queue has a poller', async () => {
    expect(await runner().readiness()).toEqual({ temporal: true, worker: true });
  });
});

const noop = () => undefined;
const quiet = { trace: noop, debug: noop, info: noop, warn: noop, error: noop, log: noop };
