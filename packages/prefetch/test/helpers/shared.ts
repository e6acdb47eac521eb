import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SHARED_DIR } from '@quarry/testkit';

export { SHARED_DIR };
export const PREFETCH_DIR = join(SHARED_DIR, 'samples', 'prefetch');
export const HAVE_SAMPLES = existsSync(PREFETCH_DIR);
export const SKIP_REASON = `shared samples not found at ${PREFETCH_DIR} (set QUARRY_SHARED)`;

function walk(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walk(path) : [path];
    });
}

/** Every file under samples/prefetch (the .pf files plus the one "-decompressed" copy). */
export function prefetchSamples(): { path: string; name: string }[] {
  return HAVE_SAMPLES ? walk(PREFETCH_DIR).map((path) => ({ path, name: relative(PREFETCH_DIR, path) })) : [];
}

export const PACKAGE_DIR = fileURLToPath(new URL('../../', import.meta.url));

/** A suite title that says why it is skipped when the samples are missing. */
export function withSamples(title: string): string {
  return HAVE_SAMPLES ? title : `${title} (skipped: ${SKIP_REASON})`;
}
