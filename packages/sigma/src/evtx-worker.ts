/** Worker thread body for scanEvtxParallel: compile once, then claim, parse and match whole EVTX files. */
import { parentPort, workerData } from 'node:worker_threads';
import { SigmaEngine } from './engine.js';
import type { EvtxWorkerInit, EvtxWorkerReply } from './evtx-parallel.js';
import { EVTX_MISSING, loadEvtxReader, matchEvtxFile } from './evtx-input.js';
import { WorkQueue } from './work-queue.js';

const init = workerData as EvtxWorkerInit;
const post = (r: EvtxWorkerReply) => parentPort?.postMessage(r);

try {
  const reader = await loadEvtxReader();
  if (!reader) throw new Error(EVTX_MISSING);
  const engine = SigmaEngine.fromSourceResult(init.rules, init.engine);
  const queue = new WorkQueue(init.paths.length, init.counter);
  for (let p = queue.claim(); p !== undefined; p = queue.claim()) post({ position: p, ...(await matchEvtxFile(reader, engine, init.paths[p]!)) });
  post({ done: true });
} catch (e) {
  post({ error: (e as Error).message });
}
