import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { defineTask, shareData, ThreadPool, type SharedData } from '../src/index.js';

const fixtures = new URL('./fixtures/tasks.mjs', import.meta.url);
const double = defineTask<number, number>(fixtures, 'double');
const sumBytes = defineTask<{ buffer: ArrayBuffer }, { sum: number; threadId: number }>(fixtures, 'sumBytes');
const filled = defineTask<{ size: number }, { buffer: ArrayBuffer; size: number }>(fixtures, 'filled');
const throwsHere = defineTask<void, never>(fixtures, 'throwsHere');
const crash = defineTask<void, never>(fixtures, 'crash');
const whoAmI = defineTask<void, number>(fixtures, 'whoAmI');
const spinForever = defineTask<void, never>(fixtures, 'spinForever');
const busy = defineTask<{ counters: SharedArrayBuffer; ms: number }, number>(fixtures, 'busy');
const streamSum = defineTask<{ port: MessagePort }, number>(fixtures, 'streamSum');
const cachedLength = defineTask<{ data: SharedData }, { value: number; builds: number; threadId: number }>(fixtures, 'cachedLength');

const pools: ThreadPool[] = [];
function pool(threads: number, idleTimeoutMs?: number): ThreadPool {
  const p = new ThreadPool({ threads, ...(idleTimeoutMs === undefined ? {} : { idleTimeoutMs }) });
  pools.push(p);
  return p;
}

afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

/** Runs `n` busy tasks through `run` and returns the most that ran at once. */
async function mostAtOnce(
  n: number,
  run: (input: { counters: SharedArrayBuffer; ms: number }) => Promise<number>,
): Promise<{ most: number; threads: Set<number> }> {
  const counters = new SharedArrayBuffer(8);
  const ids = await Promise.all(Array.from({ length: n }, () => run({ counters, ms: 150 })));
  return { most: new Int32Array(counters)[1]!, threads: new Set(ids) };
}

describe('ThreadPool', () => {
  it('runs named tasks of a module and moves transferred buffers', async () => {
    const lease = pool(2).lease(2);
    await expect(Promise.all([1, 2, 3].map((n) => lease.run(double, n)))).resolves.toEqual([2, 4, 6]);
    const buffer = new Uint8Array([1, 2, 3, 250]).buffer;
    const reply = await lease.run(sumBytes, { buffer }, { transfer: [buffer] });
    expect(reply.sum).toBe(256);
    // Moved, not copied: this side's buffer is detached.
    expect(buffer.byteLength).toBe(0);
    const back = await lease.run(filled, { size: 1024 });
    expect(back.size).toBe(1024);
    expect(new Uint8Array(back.buffer).every((b) => b === 7)).toBe(true);
  });

  it('rejects with the thread’s error, its class name, message and stack', async () => {
    const err = (await pool(1)
      .lease(1)
      .run(throwsHere, undefined)
      .catch((e: unknown) => e)) as Error;
    expect(err).toBeInstanceOf(Error);
    expect(err.name).toBe('TypeError');
    expect(err.message).toBe('broken on purpose');
    expect(err.stack).toMatch(/throwsHere .*tasks\.mjs:\d+/);
  });

  it('replaces a thread that dies in a task, and the next task runs', async () => {
    const p = pool(1);
    const lease = p.lease(1);
    const before = await lease.run(whoAmI, undefined);
    await expect(lease.run(crash, undefined)).rejects.toThrow(/exit|code 3/i);
    const after = await lease.run(whoAmI, undefined);
    expect(after).not.toBe(before);
    await expect(lease.run(double, 21)).resolves.toBe(42);
  });

  it('aborts a running task by ending its thread, and a waiting one before it starts', async () => {
    const lease = pool(1).lease(1);
    const running = new AbortController();
    const waiting = new AbortController();
    const spin = lease.run(spinForever, undefined, { signal: running.signal });
    const queued = lease.run(double, 1, { signal: waiting.signal });
    waiting.abort(new Error('not needed'));
    await expect(queued).rejects.toMatchObject({ name: 'AbortError' });
    running.abort();
    await expect(spin).rejects.toMatchObject({ name: 'AbortError' });
    await expect(lease.run(double, 4)).resolves.toBe(8);
    // Already aborted: never queued.
    await expect(lease.run(double, 1, { signal: AbortSignal.abort() })).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('never runs more tasks at once than it has threads', async () => {
    const p = pool(2);
    const { most, threads } = await mostAtOnce(6, (input) => p.lease(6).run(busy, input));
    // Two on a loaded machine where the second thread starts late may never overlap: the bound is what counts.
    expect(most).toBeLessThanOrEqual(2);
    expect(threads.size).toBeLessThanOrEqual(2);
    expect(p.lease(5).threads).toBe(2);
  });

  it('keeps each lease to its threads while leases share the pool', async () => {
    const p = pool(3);
    const one = p.lease(1);
    const two = p.lease(2);
    const counters1 = new SharedArrayBuffer(8);
    const counters2 = new SharedArrayBuffer(8);
    await Promise.all([
      ...Array.from({ length: 4 }, () => one.run(busy, { counters: counters1, ms: 100 })),
      ...Array.from({ length: 6 }, () => two.run(busy, { counters: counters2, ms: 100 })),
    ]);
    expect(new Int32Array(counters1)[1]).toBeLessThanOrEqual(1);
    expect(new Int32Array(counters2)[1]).toBeLessThanOrEqual(2);
  });

  it('never runs more leased tasks at once than the pool has threads, whatever the leases add up to', async () => {
    const p = pool(2);
    const counters = new SharedArrayBuffer(8);
    const leases = [p.lease(2), p.lease(2), p.lease(1)];
    await Promise.all(leases.flatMap((l) => Array.from({ length: 3 }, () => l.run(busy, { counters, ms: 100 }))));
    expect(new Int32Array(counters)[1]).toBeLessThanOrEqual(2);
  });

  it('runs a stream on a thread of its own while every leased thread is busy', async () => {
    const p = pool(1);
    const counters = new SharedArrayBuffer(8);
    let busyDone = false;
    const cpu = p
      .lease(1)
      .run(busy, { counters, ms: 3000 })
      .then(() => (busyDone = true));
    // The busy task holds the pool's one CPU thread before the stream starts.
    while (Atomics.load(new Int32Array(counters), 0) === 0) await new Promise((r) => setTimeout(r, 10));
    const { port1, port2 } = new MessageChannel();
    const done = p.stream(streamSum, { port: port2 }, { transfer: [port2] });
    const answer = new Promise<number>((resolve) => port1.once('message', resolve));
    port1.postMessage(9);
    await expect(answer).resolves.toBe(9);
    expect(busyDone).toBe(false);
    port1.postMessage('end');
    await expect(done).resolves.toBe(9);
    await cpu;
    port1.close();
  });

  it('runs two streams at once on a one-thread pool (one may live as long as the process)', async () => {
    const p = pool(1);
    const channels = [new MessageChannel(), new MessageChannel()];
    const done = channels.map(({ port2 }) => p.stream(streamSum, { port: port2 }, { transfer: [port2] }));
    // Both answer before either ends: neither waits for the other's thread.
    const answers = channels.map(({ port1 }, i) => {
      const answer = new Promise<number>((resolve) => port1.once('message', resolve));
      port1.postMessage(i + 4);
      return answer;
    });
    await expect(Promise.all(answers)).resolves.toEqual([4, 5]);
    for (const { port1 } of channels) port1.postMessage('end');
    await expect(Promise.all(done)).resolves.toEqual([4, 5]);
    for (const { port1 } of channels) port1.close();
  });

  it('starts an ungated stream while the gated ones hold every stream thread; a third gated one waits', async () => {
    const p = pool(1);
    const channels = [new MessageChannel(), new MessageChannel(), new MessageChannel(), new MessageChannel()];
    const ask = (port: MessagePort, n: number) => {
      const answer = new Promise<number>((resolve) => port.once('message', resolve));
      port.postMessage(n);
      return answer;
    };
    // Two gated streams take the pool's two stream threads (a one-thread pool has at least two).
    const gated = channels.slice(0, 2).map(({ port2 }) => p.stream(streamSum, { port: port2 }, { transfer: [port2] }));
    await expect(Promise.all(channels.slice(0, 2).map(({ port1 }, i) => ask(port1, i + 1)))).resolves.toEqual([1, 2]);
    const third = p.stream(streamSum, { port: channels[2]!.port2 }, { transfer: [channels[2]!.port2] });
    const thirdAnswer = ask(channels[2]!.port1, 3);
    const ungated = p.stream(streamSum, { port: channels[3]!.port2 }, { transfer: [channels[3]!.port2], ungated: true });
    await expect(ask(channels[3]!.port1, 7)).resolves.toBe(7);
    // The third gated stream has not started: its message waits in its port.
    const waiting = await Promise.race([thirdAnswer.then(() => 'answered'), new Promise((r) => setTimeout(() => r('waiting'), 300))]);
    expect(waiting).toBe('waiting');
    channels[0]!.port1.postMessage('end');
    await expect(thirdAnswer).resolves.toBe(3);
    for (const { port1 } of channels.slice(1)) port1.postMessage('end');
    await expect(Promise.all([...gated, third, ungated])).resolves.toEqual([1, 2, 3, 7]);
    for (const { port1 } of channels) port1.close();
  });

  it('feeds a long-running task through a MessagePort', async () => {
    const { port1, port2 } = new MessageChannel();
    const done = pool(1)
      .lease(1)
      .run(streamSum, { port: port2 }, { transfer: [port2] });
    const sums: number[] = [];
    for (const n of [5, 7, 30]) {
      const answer = new Promise<number>((resolve) => port1.once('message', resolve));
      port1.postMessage(n);
      sums.push(await answer);
    }
    port1.postMessage('end');
    await expect(done).resolves.toBe(42);
    expect(sums).toEqual([5, 12, 42]);
    port1.close();
  });

  it('lets a thread build from shared data once per key', async () => {
    const lease = pool(1).lease(1);
    const data = shareData(Array.from({ length: 1000 }, (_, i) => ({ rule: i })));
    const other = shareData(['x']);
    const first = await lease.run(cachedLength, { data });
    const again = await lease.run(cachedLength, { data });
    const third = await lease.run(cachedLength, { data: other });
    expect(first).toMatchObject({ value: 1000, builds: 1 });
    expect(again).toMatchObject({ value: 1000, builds: 1, threadId: first.threadId });
    expect(third).toMatchObject({ value: 1, builds: 2 });
  });

  it('ends threads left idle past the timeout', async () => {
    const p = pool(2, 100);
    await Promise.all([1, 2].map((n) => p.lease(2).run(double, n)));
    expect(p.stats.alive).toBeGreaterThan(0);
    for (let waited = 0; p.stats.alive > 0 && waited < 5000; waited += 50) await new Promise((r) => setTimeout(r, 50));
    expect(p.stats.alive).toBe(0);
    // And starts again on demand.
    await expect(p.lease(1).run(double, 5)).resolves.toBe(10);
  });

  it('refuses a task when the queue is full, and takes tasks again once it drains', async () => {
    const p = new ThreadPool({ threads: 1, maxQueue: 2 });
    pools.push(p);
    const lease = p.lease(1);
    const counters = new SharedArrayBuffer(8);
    const accepted = [0, 1, 2].map(() => lease.run(busy, { counters, ms: 100 }));
    // One runs (or starts its thread), two wait: the fourth is one too many.
    await expect(lease.run(double, 1)).rejects.toMatchObject({ name: 'QueueFullError' });
    expect(p.stats.queued).toBe(2);
    await Promise.all(accepted);
    await expect(lease.run(double, 2)).resolves.toBe(4);
    expect(p.stats.queued).toBe(0);
  });

  it('rejects a lease of no threads', () => {
    expect(() => pool(1).lease(0)).toThrow(RangeError);
  });

  it('gives its threads their own heap bounds in a process started with V8 heap flags (the worker)', () => {
    // The flags override a thread's resourceLimits unless the pool clears them: each thread then had the main thread's 960 MiB.
    const out = execFileSync(
      process.execPath,
      ['--max-old-space-size=768', '--max-semi-space-size=64', fileURLToPath(new URL('./fixtures/heap-limits.mjs', import.meta.url))],
      {
        encoding: 'utf8',
      },
    );
    const limits = JSON.parse(out) as { main: number; cpu: number; stream: number };
    expect(limits.main).toBe(768 + 3 * 64);
    // heapMb 256 plus youngMb 96.
    expect(limits.cpu).toBe(256 + 96);
    // A stream thread keeps at least the main thread's bound.
    expect(limits.stream).toBeGreaterThanOrEqual(limits.main);
  });
});
