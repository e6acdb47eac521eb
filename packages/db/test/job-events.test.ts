// Job events on a real PostgreSQL: the jobs table's trigger, the per-process LISTEN connection,
// its recovery and its clean close. (The api package's watchJob test runs a real job through them.)
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { createLogger } from '@quarry/config';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { JOB_EVENTS_CHANNEL, JobEvents, createDb, jobs, migrate, type Db, type JobEventSignal } from '../src/index.js';
import { freshDatabase, query } from './support/database.js';

let db: Db;
let url: string;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ url, drop } = await freshDatabase());
  await migrate(url);
  db = createDb(url);
});
afterAll(async () => {
  await db.close();
  await drop();
});

function newJob() {
  const id = randomUUID();
  return jobs.create(db, {
    id,
    jobName: 'quiet-green-heron',
    category: 'winevtx',
    ownerId: null,
    visibility: 'public',
    tier: 'free',
    workflowId: `job-${id}`,
    taskQueue: 'quarry-free',
    wrappedKey: null,
    inputs: [{ fileId: randomUUID(), fileName: 'Security.evtx' }],
  });
}

/** Signals a subscriber has heard, and a way to wait for the next ones. */
function recorder() {
  const heard: JobEventSignal[] = [];
  let waiters: Array<() => void> = [];
  return {
    heard,
    listener: (signal: JobEventSignal) => {
      heard.push(signal);
      for (const w of waiters) w();
      waiters = [];
    },
    async until(count: number, timeoutMs = 10_000): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      while (heard.length < count) {
        if (Date.now() > deadline) throw new Error(`heard ${JSON.stringify(heard)}, waited for ${count} signals`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
  };
}

/** Every notification on the channel, as a raw LISTEN session sees it. */
async function rawListener(): Promise<{ payloads: string[]; close(): Promise<void> }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const payloads: string[] = [];
  client.on('notification', (m) => payloads.push(m.payload ?? ''));
  await client.query(`LISTEN ${JOB_EVENTS_CHANNEL}`);
  return { payloads, close: () => client.end() };
}

const settle = () => new Promise((r) => setTimeout(r, 300));

describe('the jobs trigger', () => {
  test('notifies the job id on insert, status change, progress change and delete; nothing else', async () => {
    const raw = await rawListener();
    try {
      const job = await newJob();
      await jobs.setStatus(db, job.id, 'Processing');
      await jobs.setProgress(db, job.id, 0, 1000);
      await jobs.setProgress(db, job.id, 400, 1000);
      // Unchanged values and other columns are no event.
      await jobs.setProgress(db, job.id, 400, 1000);
      await query(url, `UPDATE jobs SET params = '{"x":1}' WHERE id = $1`, [job.id]);
      await jobs.setStatus(db, job.id, 'Completed');
      await jobs.delete(db, job.id);
      await settle();
      expect(raw.payloads).toEqual(Array(6).fill(job.id));
    } finally {
      await raw.close();
    }
  });

  test('a rolled-back change notifies no one', async () => {
    const job = await newJob();
    const raw = await rawListener();
    try {
      await db
        .$transaction(async (tx) => {
          await jobs.setStatus(tx, job.id, 'Processing');
          throw new Error('roll back');
        })
        .catch(() => undefined);
      await settle();
      expect(raw.payloads).toEqual([]);
    } finally {
      await raw.close();
    }
  });
});

describe('setProgress', () => {
  test('moves only a Processing job, caps done at the total, and Pending clears it', async () => {
    const job = await newJob();
    expect(await jobs.setProgress(db, job.id, 10, 100)).toBe(false);
    expect((await jobs.getState(db, job.id))?.progress).toBeNull();
    await jobs.setStatus(db, job.id, 'Processing');
    expect(await jobs.setProgress(db, job.id, 150, 100)).toBe(true);
    expect(await jobs.getState(db, job.id)).toEqual({ id: job.id, status: 'Processing', finishedAt: null, progress: { done: 100, total: 100, unit: 'bytes' } });
    expect((await jobs.get(db, job.id))?.progress).toEqual({ done: 100, total: 100, unit: 'bytes' });
    await jobs.setStatus(db, job.id, 'Completed');
    expect(await jobs.setProgress(db, job.id, 1, 100)).toBe(false);
    expect((await jobs.getState(db, job.id))?.progress).toEqual({ done: 100, total: 100, unit: 'bytes' });
    await jobs.setStatus(db, job.id, 'Pending');
    expect((await jobs.getState(db, job.id))?.progress).toBeNull();
    await expect(jobs.setProgress(db, job.id, -1, 100)).rejects.toThrow(/non-negative/);
    expect(await jobs.getState(db, randomUUID())).toBeNull();
  });
});

describe('JobEvents', () => {
  const connections = async (name: string) =>
    (await query<{ n: string }>(url, 'SELECT count(*) AS n FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()', [name]))[0]?.n;

  test('two listeners (two API nodes) each hear every change of the jobs they watch, and only those', async () => {
    const nodeA = new JobEvents(url, { applicationName: 'events-a' });
    const nodeB = new JobEvents(url, { applicationName: 'events-b' });
    try {
      const job = await newJob();
      const other = await newJob();
      const a = recorder();
      const b = recorder();
      await nodeA.subscribe(job.id, a.listener);
      await nodeB.subscribe(job.id.toUpperCase(), b.listener);
      expect(await connections('events-a')).toBe('1');
      await jobs.setStatus(db, other.id, 'Processing');
      await jobs.setStatus(db, job.id, 'Processing');
      await jobs.setProgress(db, job.id, 5, 10);
      await a.until(2);
      await b.until(2);
      await settle();
      expect(a.heard).toEqual(['changed', 'changed']);
      expect(b.heard).toEqual(['changed', 'changed']);
    } finally {
      await nodeA.close();
      await nodeB.close();
    }
  });

  test('one connection per process however many subscribe; unsubscribed listeners hear nothing', async () => {
    const events = new JobEvents(url, { applicationName: 'events-many' });
    try {
      const job = await newJob();
      const kept = recorder();
      const dropped = recorder();
      const subscriptions = await Promise.all([
        events.subscribe(job.id, kept.listener),
        events.subscribe(job.id, dropped.listener),
        events.subscribe(randomUUID(), () => {}),
      ]);
      expect(await connections('events-many')).toBe('1');
      subscriptions[1]!();
      await jobs.setStatus(db, job.id, 'Processing');
      await kept.until(1);
      await settle();
      expect(dropped.heard).toEqual([]);
    } finally {
      await events.close();
    }
  });

  test('a dropped LISTEN connection comes back: subscribers are told to re-read, then hear changes again', async () => {
    const logged: string[] = [];
    const log = createLogger('job-events-test', { level: 'info', destination: { write: (line: string) => void logged.push(line) } });
    const events = new JobEvents(url, { applicationName: 'events-drop', reconnectDelayMs: 50, log });
    try {
      const job = await newJob();
      const r = recorder();
      await events.subscribe(job.id, r.listener);
      const killed = await query(
        url,
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'events-drop' AND datname = current_database()",
      );
      expect(killed).toHaveLength(1);
      await r.until(1);
      expect(r.heard).toEqual(['resync']);
      expect(events.listening).toBe(true);
      expect(logged.join('')).toContain('the job-events LISTEN connection was lost; reconnecting');
      await jobs.setStatus(db, job.id, 'Processing');
      await r.until(2);
      expect(r.heard).toEqual(['resync', 'changed']);
      expect(await connections('events-drop')).toBe('1');
    } finally {
      await events.close();
    }
  });

  test('close ends the connection, tells subscribers, and refuses new subscriptions', async () => {
    const events = new JobEvents(url, { applicationName: 'events-close' });
    const r = recorder();
    await events.subscribe(randomUUID(), r.listener);
    expect(await connections('events-close')).toBe('1');
    await events.close();
    expect(r.heard).toEqual(['closed']);
    expect(await connections('events-close')).toBe('0');
    await expect(events.subscribe(randomUUID(), () => {})).rejects.toMatchObject({ code: 'closed' });
    await events.close();
  });

  test('no connection until the first subscription; a first connection that fails rejects and leaves nothing open', async () => {
    const lazy = new JobEvents(url, { applicationName: 'events-lazy' });
    expect(await connections('events-lazy')).toBe('0');
    await lazy.close();
    const unreachable = new URL(url);
    unreachable.port = '1';
    const dead = new JobEvents(unreachable.toString());
    await expect(dead.subscribe(randomUUID(), () => {})).rejects.toThrow();
    expect(dead.listening).toBe(false);
    await dead.close();
  });
});
