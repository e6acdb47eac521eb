import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { SHARED_DIR as SHARED } from '@quarry/testkit';

export { SHARED };
export const COMMUNITY_DIRS = [join(SHARED, 'rules/yara/reversinglabs'), join(SHARED, 'rules/yara/signature-base')];
export const SAMPLES = join(SHARED, 'samples');
export const HAVE_SHARED = existsSync(join(SHARED, 'rules/yara')) && existsSync(SAMPLES);
export const NO_SHARED_REASON = `shared corpus not found at ${SHARED} (set QUARRY_SHARED)`;
if (!HAVE_SHARED) console.warn(`[yara tests] skipping real-file tests: ${NO_SHARED_REASON}`);

export function sampleFiles(): string[] {
  const out: string[] = [];
  const walk = (d: string): void => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.isFile() && e.name !== 'MANIFEST.tsv' && e.name !== 'README.txt' && e.name !== 'HOLDOUT.tsv') out.push(p);
    }
  };
  walk(SAMPLES);
  return out.sort();
}

/** Suite title that says why it is skipped when the corpus is missing. */
export function realFiles(title: string): string {
  return HAVE_SHARED ? title : `${title} [skipped: ${NO_SHARED_REASON}]`;
}
