/** Worker thread body for scanParallel: compile once, then answer batches with their matches. */
import { parentPort, workerData } from 'node:worker_threads';
import { SigmaEngine } from './engine.js';
import type { Json } from './event.js';
import type { RuleMatch } from './match.js';
import type { WorkerBatch, WorkerInit, WorkerReply } from './parallel.js';

const init = workerData as WorkerInit;
const engine = SigmaEngine.fromSourceResult(init.rules, init.engine);
parentPort?.postMessage({ seq: -1, matches: [] } satisfies WorkerReply);

parentPort?.on('message', (b: WorkerBatch) => {
  const matches: RuleMatch[] = [];
  let reply: WorkerReply;
  try {
    for (const r of b.records) {
      const record = init.encoded ? (JSON.parse(r as string) as Json) : r;
      for (const m of engine.match(record)) matches.push(m);
    }
    reply = { seq: b.seq, matches };
  } catch (e) {
    reply = { seq: b.seq, matches: [], error: (e as Error).message };
  }
  parentPort?.postMessage(reply);
});
