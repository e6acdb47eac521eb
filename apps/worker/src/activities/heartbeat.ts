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
