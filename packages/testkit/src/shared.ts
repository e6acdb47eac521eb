import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The read-only corpus (samples, rule packs, spec) beside the checkout, or QUARRY_SHARED. It is
 * never copied into the repository, so tests that need it skip with `sharedSkipReason` without it.
 */
export const SHARED_DIR = process.env.QUARRY_SHARED ?? fileURLToPath(new URL('../../../../shared/', import.meta.url));

export function sharedPath(...parts: string[]): string {
  return join(SHARED_DIR, ...parts);
}

export function hasShared(...parts: string[]): boolean {
  return existsSync(sharedPath(...parts));
}

export function sharedSkipReason(...parts: string[]): string {
  return `shared corpus not found at ${sharedPath(...parts)} (set QUARRY_SHARED)`;
}
