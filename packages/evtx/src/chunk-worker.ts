import { parentPort, workerData } from 'node:worker_threads';
import { readChunk, type RenderOptions } from './chunk.js';
import type { BatchMessage } from './pool.js';

// Worker side of ChunkPool: parses each batch of chunks it is sent and posts the results back
// (text mode: the output buffers are transferred rather than copied).
const opts = workerData as RenderOptions;
parentPort?.on('message', (batch: BatchMessage) => {
  const all = Buffer.from(batch.buf.buffer, batch.buf.byteOffset, batch.buf.byteLength);
  const results = batch.chunks.map((c) => readChunk(all.subarray(c.at, c.at + c.length), c.base, c.index, opts));
  const transfer = results.flatMap((r) => (r.text ? [r.text.bytes.buffer as ArrayBuffer] : []));
  parentPort?.postMessage(results, transfer);
});
