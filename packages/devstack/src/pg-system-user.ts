import { execFileSync } from 'node:child_process';
import type { Logger } from '@quarry/config';
import { DevstackError } from './errors.js';

export interface RunAs {
  uid: number;
  gid: number;
}

const USER = 'postgres';

/**
 * PostgreSQL refuses to run as root. When we are root (containers, CI) the server runs as the
 * `postgres` system user, created once if the machine lacks it; otherwise as ourselves.
 */
export function postgresRunAs(log?: Logger): RunAs | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const existing = lookup();
  if (existing) return existing;
  log?.info('creating the postgres system user to run the embedded PostgreSQL (it refuses to run as root)');
  try {
    execFileSync('useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', USER], { stdio: 'pipe' });
  } catch (error) {
    throw new DevstackError('postgres', `running as root and cannot create the ${USER} user`, { cause: error });
  }
  const created = lookup();
  if (!created) throw new DevstackError('postgres', `${USER} user missing after useradd`);
  return created;
}

function lookup(): RunAs | undefined {
  try {
    const uid = Number(execFileSync('id', ['-u', USER], { encoding: 'utf8', stdio: 'pipe' }).trim());
    const gid = Number(execFileSync('id', ['-g', USER], { encoding: 'utf8', stdio: 'pipe' }).trim());
    return { uid, gid };
  } catch {
    return undefined;
  }
}
