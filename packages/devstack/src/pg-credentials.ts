import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { DevstackError } from './errors.js';

/** What `.data/pg.json` holds: the superuser of the embedded cluster and its last port. */
export interface PgCredentials {
  user: string;
  password: string;
  port: number;
}

export const PG_CREDENTIALS_FILE = 'pg.json';

export function readCredentials(dataDir: string): PgCredentials | undefined {
  const file = join(dataDir, PG_CREDENTIALS_FILE);
  if (!existsSync(file)) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new DevstackError('postgres', `${file} is malformed`, { cause: error });
  }
  if (!isCredentials(parsed)) throw new DevstackError('postgres', `${file} is malformed`);
  return parsed;
}

export function newCredentials(port: number): PgCredentials {
  // Hex keeps the password safe inside a URL without escaping.
  return { user: 'postgres', password: randomBytes(24).toString('hex'), port };
}

/** Writes the file through a temporary sibling so a crash never leaves half a password. */
export function writeCredentials(dataDir: string, credentials: PgCredentials): void {
  const file = join(dataDir, PG_CREDENTIALS_FILE);
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
  renameSync(temp, file);
}

export function databaseUrl(credentials: PgCredentials, port: number, database: string): string {
  const user = encodeURIComponent(credentials.user);
  const password = encodeURIComponent(credentials.password);
  return `postgresql://${user}:${password}@127.0.0.1:${port}/${database}`;
}

function isCredentials(value: unknown): value is PgCredentials {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.user === 'string' && typeof v.password === 'string' && Number.isInteger(v.port);
}
