/**
 * The spec's polling schedule for a job's status: every 5 s in the first minute, every 15 s until
 * 5 minutes, then every 30 s; after 15 minutes the page stops asking (the analyst can refresh).
 */
export function pollInterval(sinceMs: number): number | false {
  if (sinceMs < 60_000) return 5_000;
  if (sinceMs < 5 * 60_000) return 15_000;
  if (sinceMs < 15 * 60_000) return 30_000;
  return false;
}

export const isRunning = (status: string): boolean => status === 'Pending' || status === 'Processing';
