import { writeSync } from 'node:fs';

const pause = new Int32Array(new SharedArrayBuffer(4));

/**
 * Writes all of `bytes` (or its first `length`) to `fd` before returning, so the caller may
 * reuse the buffer at once. An inherited non-blocking pipe answers EAGAIN when full: wait for
 * the reader briefly and retry.
 */
export function writeFully(fd: number, bytes: Uint8Array, length = bytes.length): void {
  let done = 0;
  while (done < length) {
    try {
      done += writeSync(fd, bytes, done, length - done);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EAGAIN') throw err;
      Atomics.wait(pause, 0, 0, 1);
    }
  }
}
