import { availableParallelism } from 'node:os';
import { ThreadPool, type ThreadPoolOptions } from './pool.js';

let options: ThreadPoolOptions = { threads: availableParallelism() };
let pool: ThreadPool | undefined;

/**
 * Sets the process's pool before its first use: the worker sizes it from its CPU budget. Elsewhere
 * (CLIs, the web server, tests) the pool has a thread per core. Once the pool runs, only the
 * options it runs with are accepted again.
 */
export function configureThreadPool(opts: ThreadPoolOptions): void {
  if (pool && JSON.stringify(opts) !== JSON.stringify(options))
    throw new Error('the thread pool is already running with other options; configure it before its first use');
  options = opts;
}

/** The one pool of this process, started on first use. */
export function threadPool(): ThreadPool {
  pool ??= new ThreadPool(options);
  return pool;
}

/** Ends the process's pool (its threads); the next use starts a new one. */
export async function closeThreadPool(): Promise<void> {
  const p = pool;
  pool = undefined;
  await p?.close();
}
