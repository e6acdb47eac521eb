import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { formatTime } from '../../../src/common/time-format.js';
import { decodeAppCompatCache } from '../../../src/registry/decoders/appcompatcache/index.js';
import type { ArtifactComparison } from './comparator.js';
import { comparison } from './evidence.js';
import { compareShimSides } from './shimcache.js';

const run = promisify(execFile);
const SCRIPT = fileURLToPath(new URL('../support/regipy_shimcache_value.py', import.meta.url));

/** Raw AppCompatCache values (one per file) decoded by us and by regipy's ShimCacheParser, entry by entry. */
export async function compareShimValues(folder: string, labelPrefix: string): Promise<{ comparisons: ArtifactComparison[]; formats: Map<string, string> }> {
  const files = readdirSync(folder)
    .filter((f) => f.endsWith('.bin'))
    .sort()
    .map((f) => join(folder, f));
  const { stdout } = await run('python3', [SCRIPT, ...files], { maxBuffer: 64 * 1024 * 1024 });
  const theirs = JSON.parse(stdout) as Record<string, unknown>;
  const formats = new Map<string, string>();
  const comparisons = files.map((file) => {
    const label = `${labelPrefix}${file.slice(folder.length + 1)}`;
    const value = decodeAppCompatCache(readFileSync(file));
    formats.set(label, value.format);
    const ours = value.entries.map((e) => ({ path: e.path.replace(/^\\\?\?\\/, ''), time: formatTime(e.lastModified), executed: e.executed }));
    const t = theirs[file];
    const error = t && typeof t === 'object' && '__error__' in t ? `regipy ShimCacheParser raised ${String((t as { __error__: unknown }).__error__)}` : null;
    const result = compareShimSides(comparison('ShimCache (raw values)', label), ours, error ? null : t, error);
    if (value.warnings.length > 0) result.unexplained.push({ key: `${label} warnings`, ours: value.warnings, theirs: null });
    return result;
  });
  return { comparisons, formats };
}
