import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { hasShared, sharedPath, sharedSkipReason } from '@quarry/testkit';

export const JUMPLIST_DIR = sharedPath('samples', 'jumplists');
export const HAVE_JUMPLISTS = hasShared('samples', 'jumplists');
export const JUMPLISTS_SKIP = sharedSkipReason('samples', 'jumplists');

export interface Sample {
  /** Path below samples/jumplists, e.g. "Win10/RathbunVM/5f7b5f1e01b83767.automaticDestinations-ms". */
  name: string;
  path: string;
  fileName: string;
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? walk(join(dir, d.name)) : [join(dir, d.name)]));
}

/** Every Jump List of the corpus (both kinds), sorted. */
export function jumpListSamples(): Sample[] {
  if (!HAVE_JUMPLISTS) return [];
  return walk(JUMPLIST_DIR)
    .filter((p) => /\.(automatic|custom)Destinations-ms$/.test(p))
    .sort()
    .map((path) => ({ name: path.slice(JUMPLIST_DIR.length + 1), path, fileName: basename(path) }));
}

export function readSample(name: string): Uint8Array {
  return new Uint8Array(readFileSync(join(JUMPLIST_DIR, name)));
}
