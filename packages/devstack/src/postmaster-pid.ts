import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The fields of `postmaster.pid` we use (PostgreSQL writes one per line, in this order). */
export interface Postmaster {
  pid: number;
  port: number;
  status: string;
}

export function readPostmaster(clusterDir: string): Postmaster | undefined {
  const file = join(clusterDir, 'postmaster.pid');
  if (!existsSync(file)) return undefined;
  // Line 1 pid, 2 data dir, 3 start time, 4 port, 5 socket dir, 6 listen address, 7 shmem key, 8 status.
  const lines = readFileSync(file, 'utf8').split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || !Number.isInteger(port)) return undefined;
  return { pid, port, status: (lines[7] ?? '').trim() };
}
