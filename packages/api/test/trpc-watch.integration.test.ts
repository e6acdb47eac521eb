// tRPC's watchJob subscription over Server-Sent Events, read as a browser's EventSource reads it:
// the events on the wire, the refusal before any event, and the end of the stream when the job finishes.
import { randomBytes, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { jobs } from '@quarry/db';
import { createParseJob, trpcHandler, uploadFile } from '../src/index.js';
import { serviceFixture, type Fixture } from './support/fixture.js';

let f: Fixture;
beforeAll(async () => {
  f = await serviceFixture();
});
afterAll(async () => f?.close());

interface SseEvent {
  event: string;
  data: string;
}

/** The SSE events of a response body, as they arrive; `onEvent` may act between them. */
async function readEvents(res: Response, onEvent: (e: SseEvent) => Promise<void> | void = () => {}): Promise<SseEvent[]> {
  const events: SseEvent[] = [];
  const decoder = new TextDecoder();
  let buffered = '';
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    buffered += decoder.decode(chunk, { stream: true });
    let end: number;
    while ((end = buffered.indexOf('\n\n')) >= 0) {
      const block = buffered.slice(0, end);
      buffered = buffered.slice(end + 2);
      const event = { event: 'message', data: '' };
      for (const line of block.split('\n')) {
        if (line.startsWith('event: ')) event.event = line.slice(7);
        else if (line.startsWith('data: ')) event.data += line.slice(6);
      }
      if (block.startsWith(':')) continue;
      events.push(event);
      await onEvent(event);
    }
  }
  return events;
}

const watch = (id: string, headers: Record<string, string>, signal?: AbortSignal) =>
  trpcHandler(f.deps)(
    new Request(`http://localhost/api/trpc/watchJob?input=${encodeURIComponent(JSON.stringify({ id }))}`, {
      headers: { accept: 'text/event-stream', ...headers },
      ...(signal ? { signal } : {}),
    }),
  );

test('the owner, with the key, gets the current state, each change, then the end of the stream', async () => {
  const { caller, token } = await f.newCaller();
  const key = randomBytes(32);
  const file = await uploadFile(f.deps, { caller, clientKey: key, fileName: 'a.evtx', content: Readable.from([randomBytes(64)]) });
  // The default namespace has no worker: the job moves only as this test moves it.
  const job = await createParseJob(f.deps, caller, key, { category: 'winevtx', fileIds: [file.id], options: { runSigmaRules: false } });
  const res = await watch(job.id, { 'x-service-api-token': token, 'x-service-api-enc-key': key.toString('base64') });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  const steps = [
    () => jobs.setStatus(f.db, job.id, 'Processing'),
    () => jobs.setProgress(f.db, job.id, 32, 64),
    () => jobs.setStatus(f.db, job.id, 'Completed'),
  ];
  const events = await readEvents(res, async (e) => {
    if (e.event === 'message') await steps.shift()?.();
  });
  expect(events.map((e) => e.event)).toEqual(['connected', 'message', 'message', 'message', 'message', 'return']);
  const updates = events
    .filter((e) => e.event === 'message')
    .map((e) => JSON.parse(e.data) as { status: string; progress: unknown; finishedAt: string | null });
  expect(updates.map((u) => [u.status, u.progress])).toEqual([
    ['Pending', null],
    ['Processing', null],
    ['Processing', { done: 32, total: 64, unit: 'bytes' }],
    ['Completed', { done: 32, total: 64, unit: 'bytes' }],
  ]);
  expect(new Date(updates[3]!.finishedAt!).getTime()).toBeGreaterThan(0);
});

test("refusals arrive as the stream's error, with the service's code and message and nothing else", async () => {
  const { caller, token } = await f.newCaller();
  const key = randomBytes(32);
  const file = await uploadFile(f.deps, { caller, clientKey: key, fileName: 'b.evtx', content: Readable.from([randomBytes(64)]) });
  const job = await createParseJob(f.deps, caller, key, { category: 'winevtx', fileIds: [file.id], options: { runSigmaRules: false } });
  const other = (await f.newCaller()).token;
  const missing = randomUUID();
  for (const [id, headers, code, message] of [
    [job.id, { 'x-service-api-token': other }, 'NOT_FOUND', `Job with ID ${job.id} not found`],
    [job.id, { 'x-service-api-token': token }, 'FORBIDDEN', 'Encryption key required'],
    [missing, {}, 'NOT_FOUND', `Job with ID ${missing} not found`],
  ] as const) {
    const events = await readEvents(await watch(id, headers));
    expect(events.map((e) => e.event)).toEqual(['connected', 'serialized-error']);
    const error = JSON.parse(events[1]!.data) as { message: string; data: { code: string } };
    expect([error.message, error.data.code]).toEqual([message, code]);
    expect(events[1]!.data).not.toMatch(/stack|node_modules|\.ts\b/);
  }
});

test('the client going away ends the watch: the stream closes without a further event', async () => {
  const job = await jobs.create(f.db, {
    id: randomUUID(),
    jobName: 'brief-amber-lake',
    category: 'registry',
    ownerId: null,
    visibility: 'public',
    tier: 'anonymous',
    workflowId: `idle-${randomUUID()}`,
    taskQueue: 'none',
    wrappedKey: null,
    inputs: [],
  });
  const abort = new AbortController();
  const events = await readEvents(await watch(job.id, {}, abort.signal), (e) => {
    if (e.event === 'message') abort.abort();
  });
  expect(events.map((e) => e.event)).toEqual(['connected', 'message']);
});
