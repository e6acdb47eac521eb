import { parentPort, workerData } from 'node:worker_threads';
import { loadAnnotator } from './annotator.js';
import { chunksIn } from './chunk-slots.js';
import { readChunk } from './chunk.js';
import { OutBuffer } from './plan/out-buffer.js';
import type { BatchMessage, BatchReply, WorkerOptions } from './pool.js';

// Worker side of ChunkPool: parses each run of chunks it is sent and posts the results back. In
// text mode all the run's text goes into one output buffer, transferred with the input buffer
// so that both can be reused.
const opts = workerData as WorkerOptions;
const NO_TEXT = new Uint8Array(0);
// Batches posted meanwhile wait in the port's queue until the handler below is attached.
const annotate = opts.annotator ? await loadAnnotator(opts.annotator) : undefined;

parentPort?.on('message', (batch: BatchMessage) => {
  const all = Buffer.from(batch.input, 0, batch.length);
  const out = opts.text ? new OutBuffer(batch.spare ? Buffer.from(batch.spare) : undefined) : undefined;
  const results: BatchReply['results'] = [];
  for (const { buf, base, index } of chunksIn(all, batch.first)) {
    const start = out?.pos ?? 0;
    const result = readChunk(buf, base, index, opts, false, out);
    // The text travels in the output buffer, not cloned in the result.
    if (result.text) result.text.bytes = NO_TEXT;
    if (annotate) for (const r of result.records) r.annotation = annotate(r) ?? null;
    results.push({ result, start, end: out?.pos ?? 0 });
  }
  const output = out?.buf.buffer as ArrayBuffer | undefined;
  const reply: BatchReply = { results, input: batch.input, output };
  parentPort?.postMessage(reply, output ? [batch.input, output] : [batch.input]);
});
