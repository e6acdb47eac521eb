import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startHarness, type Harness } from './support/harness.js';

/** A raw connection: what the server sends until it closes the socket (or `waitMs` passes). */
function rawClient(url: string): { socket: Socket; answer: (waitMs: number) => Promise<{ text: string; closed: boolean }> } {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  let text = '';
  let closed = false;
  socket.on('data', (d: Buffer) => (text += d.toString('utf8')));
  const end = new Promise<void>((r) => socket.once('close', () => ((closed = true), r())));
  socket.on('error', () => undefined);
  return {
    socket,
    answer: async (waitMs) => {
      await Promise.race([end, new Promise((r) => setTimeout(r, waitMs))]);
      return { text, closed };
    },
  };
}

const SEARCH = '/analysis/winevtx/search';

describe('slow clients (slowloris) and truncated bodies', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ jsonBodyDeadlineMs: 1500, headersTimeoutMs: 1000 });
  });
  afterAll(async () => h?.stop());

  test('a JSON body that stalls after its first bytes is answered 408 in JSON and the connection closed, while others are served', async () => {
    const c = rawClient(h.url);
    c.socket.write(`POST ${SEARCH} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{"job_id":`);
    // Meanwhile the server answers other clients at once.
    const other = await fetch(`${h.url}/healthz`);
    expect(other.status).toBe(200);
    const { text, closed } = await c.answer(15_000);
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
    expect(text.slice(text.indexOf('\r\n\r\n') + 4)).toBe(JSON.stringify({ error: 'Request body not received within 1.5 s' }));
    expect(closed).toBe(true);
  });

  test('a body trickled a byte at a time past the deadline is answered 408 too', async () => {
    const c = rawClient(h.url);
    c.socket.write(`POST ${SEARCH} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n`);
    const drip = setInterval(() => c.socket.writable && c.socket.write(' '), 200);
    try {
      const { text, closed } = await c.answer(15_000);
      expect(text).toMatch(/^HTTP\/1\.1 408 /);
      expect(closed).toBe(true);
    } finally {
      clearInterval(drip);
    }
  });

  test('headers that never finish get the connection closed (408 or a bare close)', async () => {
    const c = rawClient(h.url);
    c.socket.write(`POST ${SEARCH} HTTP/1.1\r\nHost: x\r\n`);
    const drip = setInterval(() => c.socket.writable && c.socket.write('X-Slow: 1\r\n'), 300);
    try {
      const { text, closed } = await c.answer(20_000);
      expect(closed).toBe(true);
      if (text) expect(text).toMatch(/^HTTP\/1\.1 408 /);
    } finally {
      clearInterval(drip);
    }
  });

  test('a body cut short by the client leaves the server serving (no answer owed, nothing stuck)', async () => {
    const c = rawClient(h.url);
    c.socket.end(`POST ${SEARCH} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{"job_id":"x"`);
    await c.answer(5_000);
    const after = await fetch(`${h.url}/healthz`);
    expect(after.status).toBe(200);
  });
});
