// watchJob on real components: a real EVTX parse job run by a real worker process (Temporal, its
// own namespace), watched through PostgreSQL LISTEN/NOTIFY from Pending to Completed by two
// listeners as two API nodes would; access as getJob checks it; abort; a dropped LISTEN connection.
import { randomBytes, randomUUID } from 'node:crypto';
import { createReadStream, statSync } from 'node:fs';
import type { ChildProcess } from 'node:child_process';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { JobEvents, jobs } from '@quarry/db';
import { hasShared, sharedPath, sharedSkipReason } from '@quarry/testkit';
import { createParseJob, getJob, uploadFile, watchJob, type Caller, type JobUpdate, type ServiceDeps } from '../src/index.js';
import { serviceFixture, type Fixture } from './support/fixture.js';
import { ensureNamespace, startWorkerProcess } from './support/worker-process.js';

const NAMESPACE = 'quarry-job-events-test';
// 16.8 MB, 60,189 records: long enough on any machine for progress between 0 and the end.
const SAMPLE = ['samples', 'evtx', 'DFIRArtifactMuseum', 'Win2012R2_StolenSzechuan', 'System.evtx'] as const;

let f: Fixture;
let worker: ChildProcess | undefined;
beforeAll(async () => {
  await ensureNamespace(NAMESPACE);
  f = await serviceFixture({ namespace: NAMESPACE });
});
afterAll(async () => {
  worker?.kill('SIGKILL');
  await f?.close();
});

async function collect(updates: AsyncIterable<JobUpdate>): Promise<JobUpdate[]> {
  const out: JobUpdate[] = [];
  for await (const u of updates) out.push(u);
  return out;
}

/** A job row with no workflow behind it: it stays where the test puts it. */
async function idleJob(ownerId: string | null = null) {
  const id = randomUUID();
  return jobs.create(f.db, {
    id,
    jobName: 'still-grey-pond',
    category: 'winevtx',
    ownerId,
    visibility: 'public',
    tier: 'free',
    workflowId: `idle-${id}`,
    taskQueue: 'none',
    wrappedKey: null,
    inputs: [],
  });
}

const statuses = (updates: JobUpdate[]) => updates.map((u) => u.status).filter((s, i, all) => s !== all[i - 1]);

describe.skipIf(!hasShared(...SAMPLE))('a real parse job, watched', () => {
  if (!hasShared(...SAMPLE)) console.warn(`skipping: ${sharedSkipReason(...SAMPLE)}`);

  test('from Pending to Completed, progress rising to the file size, on two nodes alike; the iterators end', async () => {
    const { caller } = await f.newCaller('pro');
    const key = randomBytes(32);
    const path = sharedPath(...SAMPLE);
    const size = statSync(path).size;
    const file = await uploadFile(f.deps, { caller, clientKey: key, fileName: 'System.evtx', content: createReadStream(path) });
    const job = await createParseJob(f.deps, caller, key, { category: 'winevtx', fileIds: [file.id], options: { runSigmaRules: false } });

    // A second API node: its own LISTEN connection on the same database.
    const nodeB: ServiceDeps = { ...f.deps, jobEvents: new JobEvents(inject('stack').databaseUrl, { applicationName: 'quarry-node-b' }) };
    try {
      const seenA = collect(watchJob(f.deps, caller, key, job.id, new AbortController().signal));
      const seenB = collect(watchJob(nodeB, caller, key, job.id, new AbortController().signal));
      // The worker starts only now, so both watchers see the job Pending first.
      worker = await startWorkerProcess(NAMESPACE);
      const [a, b] = await Promise.all([seenA, seenB]);

      for (const updates of [a, b]) {
        expect(statuses(updates)).toEqual(['Pending', 'Processing', 'Completed']);
        expect(updates[0]).toEqual({ id: job.id, status: 'Pending', progress: null, finishedAt: null });
        const progress = updates.flatMap((u) => (u.progress ? [u.progress] : []));
        expect(progress.every((p) => p.total === size && p.unit === 'bytes')).toBe(true);
        const done = progress.map((p) => p.done);
        expect(done).toEqual([...done].sort((x, y) => x - y));
        expect(done[0]).toBe(0);
        const last = updates.at(-1)!;
        expect(last).toMatchObject({ status: 'Completed', progress: { done: size, total: size, unit: 'bytes' } });
        expect(last.finishedAt).toBeInstanceOf(Date);
      }
      // Progress between the start and the end reached the watchers (at most one write a second).
      expect(a.some((u) => u.progress && u.progress.done > 0 && u.progress.done < size)).toBe(true);
      expect(b.at(-1)).toEqual(a.at(-1));
      expect(await getJob(f.deps, caller, key, job.id)).toMatchObject({ status: 'Completed' });
    } finally {
      await nodeB.jobEvents.close();
    }
  });
});

describe('access, abort, deletion, a dropped connection', () => {
  test("refused exactly as getJob refuses: another user's private job is not found, its owner needs the right key", async () => {
    const { caller } = await f.newCaller();
    const key = randomBytes(32);
    const file = await uploadFile(f.deps, { caller, clientKey: key, fileName: 'x.evtx', content: Readable.from([randomBytes(100)]) });
    // Whatever the worker makes of it (random bytes fail), access is decided before any state is read.
    const job = await createParseJob(f.deps, caller, key, { category: 'winevtx', fileIds: [file.id], options: { runSigmaRules: false } });
    const other = (await f.newCaller()).caller;
    const cases: [Caller, Buffer | null, string][] = [
      [other, key, 'NOT_FOUND'],
      [f.anonymous, key, 'NOT_FOUND'],
      [caller, null, 'JOB_KEY_REQUIRED'],
      [caller, randomBytes(32), 'WRONG_KEY'],
    ];
    for (const [who, k, code] of cases) {
      const viaGet = await getJob(f.deps, who, k, job.id).catch((err: unknown) => err);
      const viaWatch = await watchJob(f.deps, who, k, job.id, new AbortController().signal)
        .next()
        .catch((err: unknown) => err);
      expect(viaWatch).toMatchObject({ code });
      expect(viaWatch).toEqual(viaGet);
    }
    await expect(watchJob(f.deps, f.anonymous, null, 'not-a-uuid', new AbortController().signal).next()).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  test('abort ends the iterator, without a further update', async () => {
    const job = await idleJob();
    const abort = new AbortController();
    const updates = watchJob(f.deps, f.anonymous, null, job.id, abort.signal);
    expect((await updates.next()).value).toMatchObject({ status: 'Pending' });
    const next = updates.next();
    setTimeout(() => abort.abort(), 100);
    expect(await next).toEqual({ done: true, value: undefined });
  });

  test('a job deleted while watched ends the watch as not found', async () => {
    const job = await idleJob();
    const updates = watchJob(f.deps, f.anonymous, null, job.id, new AbortController().signal);
    await updates.next();
    // Awaited only after the delete, so handled from the start: it may reject before then.
    const ended = expect(updates.next()).rejects.toMatchObject({ code: 'NOT_FOUND', message: `Job with ID ${job.id} not found` });
    await jobs.delete(f.db, job.id);
    await ended;
  });

  test('a dropped LISTEN connection: the change made while it was down is still delivered, and later ones too', async () => {
    const url = inject('stack').databaseUrl;
    const node: ServiceDeps = { ...f.deps, jobEvents: new JobEvents(url, { applicationName: 'quarry-node-drop', reconnectDelayMs: 500 }) };
    try {
      const job = await idleJob();
      const updates = watchJob(node, f.anonymous, null, job.id, new AbortController().signal);
      expect((await updates.next()).value).toMatchObject({ status: 'Pending' });
      const [{ n }] = (await f.db.$queryRaw<{ n: bigint }[]>`
        SELECT count(pg_terminate_backend(pid)) AS n FROM pg_stat_activity
        WHERE application_name = 'quarry-node-drop' AND datname = current_database()`) as [{ n: bigint }];
      expect(n).toBe(1n);
      // Made while the connection is down (it comes back after 500 ms): its NOTIFY reaches no one.
      await jobs.setStatus(f.db, job.id, 'Processing');
      expect((await updates.next()).value).toMatchObject({ status: 'Processing' });
      expect(node.jobEvents.listening).toBe(true);
      await jobs.setStatus(f.db, job.id, 'Completed');
      expect((await updates.next()).value).toMatchObject({ status: 'Completed' });
      expect(await updates.next()).toEqual({ done: true, value: undefined });
    } finally {
      await node.jobEvents.close();
    }
  });
});
