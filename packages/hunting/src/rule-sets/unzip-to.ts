import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, normalize, sep } from 'node:path';
import { unzipSync } from 'fflate';

/** A rule set archive this large unpacked is not a rule set (SigmaHQ's full release is ~30 MB). */
const MAX_UNPACKED = 1024 * 2 ** 20;

/**
 * Unpacks a zip into `dest`. Entries that would land outside it (absolute paths, `..`) are refused,
 * and the declared sizes are added up before anything is inflated, so a zip bomb fails early.
 */
export function unzipTo(zipFile: string, dest: string): void {
  let total = 0;
  const files = unzipSync(readFileSync(zipFile), {
    filter: (f) => {
      total += f.originalSize;
      if (total > MAX_UNPACKED) throw new Error(`${zipFile}: more than ${MAX_UNPACKED / 2 ** 20} MiB unpacked; not a rule set`);
      return !f.name.endsWith('/');
    },
  });
  for (const [name, data] of Object.entries(files)) {
    const rel = normalize(name.replace(/\\/g, '/'));
    if (rel.startsWith('..') || rel.startsWith(sep) || /^[a-zA-Z]:/.test(rel))
      throw new Error(`${zipFile}: entry ${JSON.stringify(name)} points outside the archive`);
    const out = join(dest, rel);
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, data);
  }
}
