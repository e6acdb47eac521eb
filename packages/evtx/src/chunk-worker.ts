import { parentPort, workerData } from 'node:worker_threads';
import { readChunk, type RenderOptions } from './chunk.js';

// Worker side of ChunkPool: parses each chunk it is sent and posts the records back.
const opts = workerData as RenderOptions;
parentPort?.on('message', (job: { buf: Uint8Array; base: number; index: number }) => {
  const buf = Buffer.from(job.buf.buffer, job.buf.byteOffset, job.buf.byteLength);
  parentPort?.postMessage(readChunk(buf, job.base, job.index, opts));
});
