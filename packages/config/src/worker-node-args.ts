/**
 * The bound of a worker process's main-thread heap, MiB. Records parsed on chunk threads are
 * cloned into the main thread and die within milliseconds, but with V8's default limit (a quarter
 * of the machine's memory) the heap grows by the garbage long before a full collection: a 1 GiB
 * EVTX job peaked at 1.7 GiB RSS unbounded, 1.37 GiB with this bound. The live data stays far
 * below it (about 100 MiB per running job); ArrayBuffers (file reads) are not counted in it.
 */
export const WORKER_HEAP_MB = 768;

/** Node options a worker process is started with, before its script (`WORKER_HEAP_MB` env). */
export function workerNodeArgs(heapMb: number = WORKER_HEAP_MB): string[] {
  return [`--max-old-space-size=${heapMb}`];
}
