import { Hono } from 'hono';
import { describe, expect, test } from 'vitest';
import { Admission } from '../src/admission.js';

const MB = 1024 * 1024;

describe('admission: JSON bodies in progress share one byte budget', () => {
  test('a request that does not fit is answered 503 at once, in the endpoint format, and the budget comes back', async () => {
    const admission = new Admission(32 * MB);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const app = new Hono();
    app.post('/text', admission.middleware('yaraData', 16 * MB), async (c) => {
      await held;
      return c.text('ok');
    });
    app.post('/json', admission.middleware('yaraFile', 16 * MB), (c) => c.json({ ok: true }));
    const first = app.request('/text', { method: 'POST' });
    const second = app.request('/text', { method: 'POST' });
    await new Promise((r) => setTimeout(r, 10));
    const third = await app.request('/text', { method: 'POST' });
    expect([third.status, await third.text(), third.headers.get('retry-after')]).toEqual([
      503,
      'Server busy: too many requests in progress. Retry in a second',
      '1',
    ]);
    const json = await app.request('/json', { method: 'POST' });
    expect([json.status, await json.json()]).toEqual([503, { error: 'Server busy: too many requests in progress. Retry in a second' }]);
    release();
    expect((await first).status).toBe(200);
    expect((await second).status).toBe(200);
    expect((await app.request('/json', { method: 'POST' })).status).toBe(200);
  });

  test('a request larger than the whole budget still runs when nothing else does', async () => {
    const admission = new Admission(1 * MB);
    expect(admission.tryTake(16 * MB)).toBe(true);
    expect(admission.tryTake(1)).toBe(false);
    admission.release(16 * MB);
    expect(admission.tryTake(1)).toBe(true);
  });
});
