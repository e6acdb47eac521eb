/**
 * The task of fetchRuleSetsOnFirstRun, on the process's thread pool (its stream lane: the update
 * compiles the whole SigmaHQ set to check it, more than a CPU thread's heap cap holds, and takes
 * seconds that must not stall the server's event loop). Progress lines go back through `port`.
 */
import type { MessagePort } from 'node:worker_threads';
import { builtinRuleCounts } from './builtin-counts.js';
import type { RuleSources } from './sources.js';
import { updateRuleSets } from './update.js';
import type { UpdateOutcome } from './update-outcome.js';

export interface UpdateTaskInput {
  dataDir: string;
  sources: RuleSources;
  /** False: only count the built-in rules (for the warning). */
  fetchSets: boolean;
  /** Receives each progress line; closed when the task ends. */
  log: MessagePort;
}

export async function updateOnFirstRun({ dataDir, sources, fetchSets, log }: UpdateTaskInput): Promise<UpdateOutcome> {
  try {
    const status = fetchSets ? await updateRuleSets({ dataDir, sources, trigger: 'first-run', log: (line) => log.postMessage(line) }) : undefined;
    return { status, builtin: status?.state === 'installed' ? undefined : await builtinRuleCounts() };
  } finally {
    log.close();
  }
}
