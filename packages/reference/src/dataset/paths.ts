import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LookupModule } from '@quarry/vocabulary';

/**
 * The shipped data directory, packages/reference/data. Resolved from this file, which sits at the
 * same depth in src/ and dist/, so it holds for tests (source) and the built CLI alike.
 */
export const DEFAULT_DATA_DIR = fileURLToPath(new URL('../../data/', import.meta.url));

export function datasetPath(dataDir: string, module: LookupModule): string {
  return join(dataDir, `${module}.json.gz`);
}
