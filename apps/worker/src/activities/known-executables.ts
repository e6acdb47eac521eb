import { knownExecutables, type KnownExecutables } from '@quarry/insights';
import { windowsFilePaths, type Dataset } from '@quarry/reference';
import type { WorkerDeps } from '../deps.js';

/** Built once per loaded dataset: the store hands the same object until the file is replaced (an import). */
const built = new WeakMap<Dataset, KnownExecutables>();

/**
 * The known Windows files of the shipped lookup data (`file_name`), for plug-ins that judge
 * executables' folders by them (`usesKnownExecutables`).
 */
export async function knownExecutablesOf(deps: WorkerDeps): Promise<KnownExecutables | undefined> {
  try {
    const dataset = await deps.lookups.dataset('file_name');
    let known = built.get(dataset);
    if (!known) built.set(dataset, (known = knownExecutables(windowsFilePaths(dataset))));
    return known;
  } catch (err) {
    // The job goes on without the rule: only the misplaced-Windows-binary reasons are missing.
    deps.log.warn({ err }, 'known Windows files unavailable: Evidence of Execution goes on without them');
    return undefined;
  }
}
