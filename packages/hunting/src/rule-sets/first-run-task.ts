/**
 * Thread entry of fetchRuleSetsInBackground: the update spends seconds compiling thousands of rules
 * to check them, which must not stall the server's event loop. Progress lines and the outcome go
 * back as messages.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { builtinRuleCounts } from './builtin-counts.js';
import type { RuleSources } from './sources.js';
import { updateRuleSets } from './update.js';
import type { UpdateThreadReply } from './update-thread-protocol.js';

const port = parentPort!;
const { dataDir, sources, fetchSets } = workerData as { dataDir: string; sources: RuleSources; fetchSets: boolean };
const reply = (r: UpdateThreadReply): void => port.postMessage(r);

try {
  const status = fetchSets ? await updateRuleSets({ dataDir, sources, trigger: 'first-run', log: (line) => reply({ type: 'log', line }) }) : undefined;
  reply({ type: 'done', status, builtin: status?.state === 'installed' ? undefined : await builtinRuleCounts() });
} catch (err) {
  reply({ type: 'failed', message: (err as Error).message });
}
