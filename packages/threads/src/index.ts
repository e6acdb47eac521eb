export { defineTask, compiledBeside, type TaskRef } from './task.js';
export { ThreadPool, IDLE_TIMEOUT_MS, THREAD_HEAP_MB, type ThreadPoolOptions, type ThreadLease, type RunOptions, type StreamOptions } from './pool.js';
export { LeaseAbortError, QueueFullError } from './lease.js';
export { configureThreadPool, threadPool, closeThreadPool } from './shared.js';
export { ThreadCache } from './thread-cache.js';
export { shareData, readSharedData, type SharedData } from './shared-data.js';
export { moveBack } from './move-back.js';
