/**
 * The bound of a worker process's main-thread heap, MiB. Records parsed on chunk threads are
 * cloned into the main thread and die within milliseconds, but with V8's default limit (a quarter
 * of the machine's memory) the heap grows by the garbage long before a full collection: a 1 GiB
 * EVTX job peaked at 1.7 GiB RSS unbounded, 1.37 GiB with this bound. The live data stays far
 * below it (about 100 MiB per running job); ArrayBuffers (file reads) are not counted in it.
 */
export const WORKER_HEAP_MB = 768;

/**
 * Each semi-space of the young generation of the worker's main thread, MiB (the thread pool clears
 * the heap-size flags before its first thread and gives each thread its own limits: @quarry/threads
 * pool.ts). With V8's default (16) the records a thread is still
 * working on outlive their scavenges and are copied, then promoted: the 1 GiB EVTX job took
 * 226-236 CPU-s, its scavenges pausing the threads 61 s in all.
 */
const WORKER_SEMI_SPACE_MB = 64;

/**
 * How far the old generation may grow past its live data before the next full collection, %
 * (V8 takes 300 for heaps of 2 GiB and more, less for a bound like ours). With 64 MiB semi-spaces
 * and V8's own factor under the 768 MiB bound, full collections came every 100 MiB or so, with
 * incremental marking nearly always on, and a 307,000-record parse job with Sigma took 16-20
 * CPU-s instead of 9 (100 and 200 were as bad in some runs; 300 never, in five).
 */
const WORKER_HEAP_GROWING_PERCENT = 300;

/**
 * V8 allocates the objects of an allocation site straight in the old generation once nearly all
 * of them outlive a scavenge. Some site of a job's per-record work sometimes earns that early in a
 * run (a record-store ingest of 307,062 records: 14 runs of 29), and from then on every
 * record's young data is kept alive by those old objects until a full collection: each 64 MiB
 * scavenge promoted ~40 MB instead of ~1 MB, and the run took 3-3.7 s more GC (scavenges 22-30
 * ms against 1-2). Without pretenuring, ten runs out of ten kept the good pattern; the 1 GiB EVTX
 * job took the same CPU with it and without.
 */
const WORKER_PRETENURING = '--no-allocation-site-pretenuring';

/** Node options a worker process is started with, before its script (`WORKER_HEAP_MB` env). */
export function workerNodeArgs(heapMb: number = WORKER_HEAP_MB): string[] {
  return [
    `--max-old-space-size=${heapMb}`,
    `--max-semi-space-size=${WORKER_SEMI_SPACE_MB}`,
    `--heap-growing-percent=${WORKER_HEAP_GROWING_PERCENT}`,
    WORKER_PRETENURING,
  ];
}

/**
 * glibc malloc arenas for the worker process (read by glibc at process start, so set by whoever
 * spawns it). By default threads get arenas of their own, up to 8 per core, and an arena keeps
 * what was freed in it. After three samples jobs malloc held 429 MiB with 64 MiB in use (gdb,
 * malloc_stats): among them three arenas of ~72 MiB each, nearly empty, one per job, the size of a
 * record-store writer thread's SQLite page cache; malloc_trim gave 324 MiB back. With two arenas
 * the next job's writer reuses what the last one freed.
 */
const WORKER_MALLOC_ARENAS = 2;

/** The environment a worker process is spawned with: `env` plus the malloc settings above, unless `env` sets them. */
export function workerEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return { MALLOC_ARENA_MAX: String(WORKER_MALLOC_ARENAS), ...env };
}
