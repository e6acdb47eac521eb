import { createRequire } from 'node:module';

/**
 * The worker program's file, as this package's exports name it (`@quarry/worker/main`), for the
 * processes that spawn workers: they depend on the package, not on where its build writes files.
 * A subpath of its own, so a spawner does not load the worker's code (Temporal's native worker).
 */
export const WORKER_MAIN = createRequire(import.meta.url).resolve('@quarry/worker/main');
