import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The read-only sample corpus: QUARRY_SHARED, or ../shared beside the checkout. */
export const SHARED_DIR = process.env.QUARRY_SHARED ?? fileURLToPath(new URL('../../../../../shared/', import.meta.url));
export const REGISTRY_SAMPLES = join(SHARED_DIR, 'samples', 'registry');
export const HAVE_SAMPLES = existsSync(REGISTRY_SAMPLES);
export const NO_SAMPLES_REASON = `registry samples not found at ${REGISTRY_SAMPLES} (set QUARRY_SHARED)`;

export function sample(rel: string): string {
  return join(REGISTRY_SAMPLES, rel);
}
