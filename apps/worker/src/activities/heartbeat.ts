import type { Context } from '@temporalio/activity';

/** Heartbeats at most once a second however often it is called (records flow far faster). */
export function throttledHeartbeat(ctx: Context): () => void {
  let last = 0;
  return () => {
    const now = Date.now();
    if (now - last < 1000) return;
    last = now;
    ctx.heartbeat();
  };
}

/**
 * Runs `work`, heartbeating every `everyMs` meanwhile: for a step that reports no progress of its
 * own and may outlast the heartbeat timeout (a large record store's indexes and its upload).
 */
export async function heartbeatWhile<T>(ctx: Context, work: () => Promise<T>, everyMs = 2000): Promise<T> {
  const timer = setInterval(() => ctx.heartbeat(), everyMs);
  try {
    return await work();
  } finally {
    clearInterval(timer);
  }
}
