import { execFile } from 'node:child_process';
import { chownSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { DevstackError } from './errors.js';
import type { PgCredentials } from './pg-credentials.js';
import type { RunAs } from './pg-system-user.js';

const run = promisify(execFile);

/** Creates a cluster in `clusterDir` whose superuser authenticates with SCRAM and the given password. */
export async function initdb(initdbPath: string, clusterDir: string, credentials: PgCredentials, runAs: RunAs | undefined, fast: boolean): Promise<void> {
  mkdirSync(clusterDir, { recursive: true, mode: 0o700 });
  // The password reaches initdb through a file only its user can read, never the command line.
  const secretDir = mkdtempSync(join(tmpdir(), 'quarry-initdb-'));
  const pwfile = join(secretDir, 'pw');
  writeFileSync(pwfile, `${credentials.password}\n`, { mode: 0o600 });
  if (runAs) for (const path of [clusterDir, secretDir, pwfile]) chownSync(path, runAs.uid, runAs.gid);
  try {
    await run(
      initdbPath,
      [
        `--pgdata=${clusterDir}`,
        `--username=${credentials.user}`,
        `--pwfile=${pwfile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        // C collation: the same on every machine, no dependence on installed locales.
        '--no-locale',
        ...(fast ? ['--no-sync'] : []),
      ],
      { ...runAs, env: { ...childLocale() } },
    );
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr ?? '';
    throw new DevstackError('postgres', `initdb failed:\n${stderr}`, { cause: error });
  } finally {
    rmSync(secretDir, { recursive: true, force: true });
  }
}

/** initdb and postgres only need a C locale; nothing else from our environment. */
export function childLocale(): Record<string, string> {
  return { LC_ALL: 'C', LANG: 'C' };
}
