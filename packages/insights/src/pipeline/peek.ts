import { HEAD_BYTES } from '@quarry/vocabulary';

/**
 * Reads the first bytes of a stream without losing them: returns them and a stream that yields
 * everything, head included. The source is still read only once.
 */
export async function peek(
  source: AsyncIterable<Uint8Array>,
  bytes = HEAD_BYTES,
): Promise<{ head: Buffer; stream: AsyncIterable<Uint8Array>; close: () => Promise<void> }> {
  const it = source[Symbol.asyncIterator]();
  const seen: Uint8Array[] = [];
  let total = 0;
  let ended = false;
  while (total < bytes) {
    const r = await it.next();
    if (r.done) {
      ended = true;
      break;
    }
    seen.push(r.value);
    total += r.value.length;
  }
  const head = Buffer.concat(seen).subarray(0, bytes);
  async function* all(): AsyncGenerator<Uint8Array> {
    try {
      yield* seen;
      if (ended) return;
      for (;;) {
        const r = await it.next();
        if (r.done) return;
        yield r.value;
      }
    } finally {
      // A consumer that stops early (a parser done before the end) must still close the source.
      if (!ended) await it.return?.();
    }
  }
  // For a consumer that does not read the stream at all (a generator never started has no finally to run).
  const close = async () => {
    if (!ended) await it.return?.();
  };
  return { head, stream: all(), close };
}

/** Reads a whole stream into one buffer, refusing more than `max` bytes. */
export async function readAll(source: AsyncIterable<Uint8Array>, max: number, tooLarge: () => Error): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  let total = 0;
  for await (const p of source) {
    total += p.length;
    if (total > max) throw tooLarge();
    parts.push(p);
  }
  return Buffer.concat(parts, total);
}
