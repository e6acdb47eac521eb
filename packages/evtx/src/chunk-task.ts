import { moveBack, readSharedData, ThreadCache } from '@quarry/threads';
import { loadAnnotator, type Annotate, type RecordAnnotator } from './annotator.js';
import { chunksIn } from './chunk-slots.js';
import { readChunk } from './chunk.js';
import { OutBuffer } from './plan/out-buffer.js';
import type { BatchReply, BatchTask } from './pool.js';

// The pool-thread side of ChunkPool: parses a run of chunks and hands the results back. In text
// mode all the run's text goes into one output buffer, transferred back with the input buffer so
// that both can be reused.
const NO_TEXT = new Uint8Array(0);

/**
 * Annotators this thread has built, by module and data: the job's Sigma set is compiled once per
 * thread, by its first batch, and kept for the next batches and the next jobs with the same set.
 */
const annotators = new ThreadCache<Annotate>(4);

function annotatorFor(task: BatchTask): Promise<Annotate> | undefined {
  const spec = task.annotator;
  if (!spec) return undefined;
  return annotators.get(`${spec.module}\0${spec.data.key}`, () =>
    loadAnnotator({ module: spec.module, data: readSharedData<RecordAnnotator['data']>(spec.data) }),
  );
}

export async function parseBatch(task: BatchTask): Promise<BatchReply> {
  const annotate = await annotatorFor(task);
  const { opts } = task;
  const all = Buffer.from(task.input, 0, task.length);
  const out = opts.text ? new OutBuffer(task.spare ? Buffer.from(task.spare) : undefined) : undefined;
  const results: BatchReply['results'] = [];
  for (const { buf, base, index } of chunksIn(all, task.first)) {
    const start = out?.pos ?? 0;
    const result = readChunk(buf, base, index, opts, false, out);
    // The text travels in the output buffer, not cloned in the result.
    if (result.text) result.text.bytes = NO_TEXT;
    if (annotate) for (const r of result.records) r.annotation = annotate(r) ?? null;
    results.push({ result, index, start, end: out?.pos ?? 0 });
  }
  const output = out?.buf.buffer as ArrayBuffer | undefined;
  return moveBack<BatchReply>({ results, input: task.input, length: task.length, first: task.first, output }, output ? [task.input, output] : [task.input]);
}
