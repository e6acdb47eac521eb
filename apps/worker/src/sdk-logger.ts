import { DefaultLogger, Runtime, type LogEntry } from '@temporalio/worker';
import type { Logger } from '@quarry/config';

/** What is kept of an error the SDK logs: its kind, never its message or stack (they can name evidence). */
function errorKind(err: unknown): Record<string, unknown> {
  if (typeof err !== 'object' || err === null) return { kind: typeof err };
  const e = err as { name?: unknown; type?: unknown; nonRetryable?: unknown };
  return { name: e.name, type: e.type, nonRetryable: e.nonRetryable };
}

const LEVELS = { TRACE: 'trace', DEBUG: 'debug', INFO: 'info', WARN: 'warn', ERROR: 'error' } as const;

let installed = false;

/**
 * Routes the Temporal SDK's own log lines ("Activity failed", worker state) into our logger, with
 * error messages, stacks and task tokens left out: a failure message may name a private file, and
 * it is already kept, sealed, as the job's Error insight. Once per process, before any worker.
 */
export function installSdkLogger(log: Logger): void {
  if (installed) return;
  installed = true;
  const logger = new DefaultLogger('INFO', (entry: LogEntry) => {
    const meta: Record<string, unknown> = { ...(entry.meta ?? {}) };
    if ('error' in meta) meta['error'] = errorKind(meta['error']);
    if ('failure' in meta) meta['failure'] = errorKind(meta['failure']);
    delete meta['taskToken'];
    log[LEVELS[entry.level]]({ temporal: meta }, entry.message);
  });
  Runtime.install({ logger });
}
