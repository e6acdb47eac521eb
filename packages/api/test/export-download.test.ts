import { describe, expect, test } from 'vitest';
import { fileNameOf, textStream } from '../src/exports/download.js';

describe('fileNameOf: a name safe in Content-Disposition', () => {
  test('job name and insight title joined; quotes, slashes, controls and non-ASCII become _', () => {
    expect(fileNameOf('brave-otter-12', 'Overview: Sigma Matches', 'csv')).toBe('brave-otter-12-Overview_Sigma_Matches.csv');
    expect(fileNameOf('a', '"; filename=evil\r\n/../é', 'jsonl')).toBe('a-_filename_evil_.._.jsonl');
    expect(fileNameOf('..hidden', undefined, 'ndjson')).toBe('hidden.ndjson');
    expect(fileNameOf('', '', 'csv')).toBe('export.csv');
    expect(fileNameOf('x'.repeat(500), undefined, 'csv')).toHaveLength(124);
  });
});

describe('textStream: produced only as the reader pulls', () => {
  /** An endless producer that counts what it has made and notes when it is closed. */
  function endless() {
    const state = { made: 0, finallyRan: false };
    async function* chunks(): AsyncGenerator<string> {
      try {
        for (;;) yield `line ${state.made++}\n`;
      } finally {
        state.finallyRan = true;
      }
    }
    return { state, chunks: chunks() };
  }

  test('reading three chunks makes at most one more; cancelling closes the producer and its resources once', async () => {
    const { state, chunks } = endless();
    let closed = 0;
    const reader = textStream(chunks, () => closed++).getReader();
    const decoder = new TextDecoder();
    const read: string[] = [];
    for (let i = 0; i < 3; i++) read.push(decoder.decode((await reader.read()).value));
    expect(read).toEqual(['line 0\n', 'line 1\n', 'line 2\n']);
    // One chunk ahead at most (the stream's high-water mark of one).
    expect(state.made).toBeLessThanOrEqual(4);
    await reader.cancel();
    expect(state.finallyRan).toBe(true);
    expect(closed).toBe(1);
  });

  test('the end closes once; a producer error errors the stream and is reported', async () => {
    let closed = 0;
    const done = textStream(
      (async function* () {
        yield 'a';
        yield '';
        yield 'b';
      })(),
      () => closed++,
    );
    expect(await new Response(done).text()).toBe('ab');
    expect(closed).toBe(1);

    const reported: unknown[] = [];
    const failing = textStream(
      (async function* () {
        yield 'a';
        throw new Error('store gone');
      })(),
      () => closed++,
      (err) => reported.push(err),
    );
    await expect(new Response(failing).text()).rejects.toThrow('store gone');
    expect(reported).toHaveLength(1);
    expect(closed).toBe(2);
  });
});
