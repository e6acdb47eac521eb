import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { MessageChannel } from 'node:worker_threads';
import { defineTask, threadPool } from '@quarry/threads';
import type { BuiltinCounts } from './builtin-counts.js';
import type { UpdateTaskInput } from './first-run-task.js';
import type { RuleSources } from './sources.js';
import { rulesRoot, type RuleSetsStatus } from './status.js';
import type { UpdateOutcome } from './update-outcome.js';

export interface FirstRunOptions {
  dataDir: string;
  sources: RuleSources;
  /** `QUARRY_SIGMA_RULES` / `QUARRY_YARA_RULES`: directories the operator configured count as sets present. */
  configuredDirs: readonly string[];
  /** `QUARRY_RULES_AUTO_FETCH`; false: only the warning. */
  autoFetch: boolean;
  log: { info: (msg: string) => void; warn: (msg: string) => void };
}

/** What the first start did: nothing (a set is present), or a background fetch whose outcome `done` gives. */
export type FirstRun = { started: false } | { started: true; done: Promise<RuleSetsStatus | undefined> };

/** Whether a community set is installed under `<data dir>/rules` (a `sigma` folder, or a pack under `yara`). */
export function hasCommunitySets(dataDir: string): boolean {
  const root = rulesRoot(dataDir);
  if (existsSync(join(root, 'sigma'))) return true;
  try {
    return readdirSync(join(root, 'yara')).length > 0;
  } catch {
    return false;
  }
}

// From source (tests) the built task runs: a pool thread cannot load TypeScript.
const UPDATE_TASK = defineTask<UpdateTaskInput, UpdateOutcome>(
  import.meta.url.endsWith('.ts') ? new URL('../../dist/rule-sets/first-run-task.js', import.meta.url) : new URL('./first-run-task.js', import.meta.url),
  'updateOnFirstRun',
);

/**
 * The first start without community rule sets: fetches them as `rules update` does, on a pool thread,
 * without holding anything up; running processes pick the sets up through their reload. When the
 * fetch fails (offline) or is off, logs ONE warning with the rules loaded and how to add more.
 */
export function fetchRuleSetsOnFirstRun(opts: FirstRunOptions): FirstRun {
  if (hasCommunitySets(opts.dataDir) || opts.configuredDirs.some((d) => existsSync(d))) return { started: false };
  if (opts.autoFetch)
    opts.log.info('no community rule sets yet: fetching SigmaHQ and the YARA packs in the background (`npm run -s rules -- update` does the same)');
  const { port1, port2 } = new MessageChannel();
  port1.on('message', (line: string) => opts.log.info(`rules: ${line}`));
  // The task closes its end when it ends (a dead thread's ports close too): every line is in by then.
  const logged = new Promise<void>((resolve) => port1.once('close', () => resolve()));
  // A stream, not a leased task: the update compiles the whole SigmaHQ set, past a CPU thread's heap cap.
  const run = threadPool().stream(UPDATE_TASK, { dataDir: opts.dataDir, sources: opts.sources, fetchSets: opts.autoFetch, log: port2 }, { transfer: [port2] });
  const done = Promise.all([run, logged]).then(([{ status, builtin }]) => {
    if (builtin) opts.log.warn(offlineWarning(status, builtin));
    return status;
  });
  return { started: true, done };
}

/** The one warning of a start without (all) community sets: what runs, why, and the ways to add more. */
export function offlineWarning(status: RuleSetsStatus | undefined, builtin: BuiltinCounts): string {
  const installed = status?.sets ?? [];
  const why = status === undefined ? 'QUARRY_RULES_AUTO_FETCH=false' : (status.reason ?? 'unknown').split('\n').join('; ');
  const running = installed.length
    ? `Installed: ${installed.map((s) => `${s.name} ${s.version} (${s.loaded} rules)`).join(', ')}, besides the built-in ${builtin.sigma} Sigma and ${builtin.yara} YARA rules.`
    : `Jobs run the built-in rules only: ${builtin.sigma} Sigma and ${builtin.yara} YARA rules.`;
  return [
    `Community rule sets could not all be fetched (${why}). ${running}`,
    'To add more: `npm run -s rules -- update` (needs git and internet), `npm run -s rules -- import DIR|ZIP` (a copy from another machine or a release zip),',
    'QUARRY_SIGMA_RULES / QUARRY_YARA_RULES (directories), or QUARRY_SIGMA_RULES_REPO / QUARRY_YARA_PACK_REPOS (a git mirror). See docs/operations.md.',
  ].join('\n');
}
