import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { SHARED_DIR } from '@quarry/testkit';

export { SHARED_DIR };
export const REGISTRY_SAMPLES = join(SHARED_DIR, 'samples', 'registry');
export const HAVE_SAMPLES = existsSync(REGISTRY_SAMPLES);
export const NO_SAMPLES_REASON = `registry samples not found at ${REGISTRY_SAMPLES} (set QUARRY_SHARED)`;

export function sample(rel: string): string {
  return join(REGISTRY_SAMPLES, rel);
}
