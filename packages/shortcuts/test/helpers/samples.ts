import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { hasShared, sharedPath, sharedSkipReason } from '@quarry/testkit';
import { isShellLink } from '../../src/index.js';

export const LNK_DIR = sharedPath('samples', 'lnk');
export const HAVE_SAMPLES = hasShared('samples', 'lnk');
export const SKIP_REASON = sharedSkipReason('samples', 'lnk');

export function withSamples(title: string): string {
  return HAVE_SAMPLES ? title : `${title} (skipped: ${SKIP_REASON})`;
}

function walk(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walk(path) : [path];
    });
}

/** Every shell link in the samples, recognised by content (many end in .test), as name (relative path), path and bytes. */
export function linkSamples(): { name: string; path: string; bytes: Uint8Array }[] {
  return walk(LNK_DIR).flatMap((path) => {
    const bytes = new Uint8Array(readFileSync(path));
    return isShellLink(bytes) ? [{ name: relative(LNK_DIR, path), path, bytes }] : [];
  });
}
