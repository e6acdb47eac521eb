import type { Context } from '@temporalio/activity';

/**
 * Runs `work`, heartbeating every `everyMs` meanwhile. A job's activity runs whole inside it: a
 * heartbeat only on records left gaps longer than the 15 s timeout on a busy machine (admitted,
 * before the first record, while the parser threads compile the job's Sigma set; after the last,
 * while analyzers finish and the store is indexed and published), and Temporal then retried a
 * job that was running fine (docs/operations.md, "Worker capacity").
 */
export async function heartbeatWhile<T>(ctx: Context, work: () => Promise<T>, everyMs = 2000): Promise<T> {
  ctx.heartbeat();
  const timer = setInterval(() => ctx.heartbeat(), everyMs);
  try {
    return await work();
  } finally {
    clearInterval(timer);
  }
}
