/**
 * The bound of a worker process's main-thread heap, MiB. Records parsed on chunk threads are
 * cloned into the main thread and die within milliseconds, but with V8's default limit (a quarter
 * of the machine's memory) the heap grows by the garbage long before a full collection: a 1 GiB
 * EVTX job peaked at 1.7 GiB RSS unbounded, 1.37 GiB with this bound. The live data stays far
 * below it (about 100 MiB per running job); ArrayBuffers (file reads) are not counted in it.
 */
export const WORKER_HEAP_MB = 768;

/**
 * Each semi-space of the young generation, MiB, on every thread of the worker (the flag sets the
 * chunk and store-writer threads' too). With V8's default (16) the records a thread is still
 * working on outlive their scavenges and get copied, then promoted: on the 1 GiB EVTX job the
 * scavenges paused the threads 61 s in all and the job took 226-236 CPU-s; with 64, 27 s and
 * 161-178 CPU-s, for ~400 MiB more peak RSS (young generations of 192 MiB instead of 48). 32 gained
 * nothing; 128 no more than 64.
 */
export const WORKER_SEMI_SPACE_MB = 64;

/** Node options a worker process is started with, before its script (`WORKER_HEAP_MB` env). */
export function workerNodeArgs(heapMb: number = WORKER_HEAP_MB): string[] {
  return [`--max-old-space-size=${heapMb}`, `--max-semi-space-size=${WORKER_SEMI_SPACE_MB}`];
}
