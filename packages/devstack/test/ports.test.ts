import { createServer } from 'node:net';
import { describe, expect, test } from 'vitest';
import { freePort, isPortFree } from '../src/index.js';

describe('freePort / isPortFree', () => {
  test('a free port can be bound, and is reported busy while bound', async () => {
    const port = await freePort();
    expect(port).toBeGreaterThan(0);
    expect(await isPortFree(port)).toBe(true);
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    try {
      expect(await isPortFree(port)).toBe(false);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
