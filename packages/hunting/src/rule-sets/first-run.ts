import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { BuiltinCounts } from './builtin-counts.js';
import type { RuleSources } from './sources.js';
import { rulesRoot, type RuleSetsStatus } from './status.js';
import type { UpdateThreadReply } from './update-thread-protocol.js';

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

function threadUrl(): URL {
  // From source (tests) the built thread runs: a worker thread cannot load TypeScript.
  return import.meta.url.endsWith('.ts') ? new URL('../../dist/rule-sets/update-thread.js', import.meta.url) : new URL('./update-thread.js', import.meta.url);
}

/**
 * The first start without community rule sets: fetches them as `rules update` does, in a thread,
 * without holding anything up; running processes pick the sets up through their reload. When the
 * fetch fails (offline) or is off, logs ONE warning with the rules loaded and how to add more.
 */
export function fetchRuleSetsOnFirstRun(opts: FirstRunOptions): FirstRun {
  if (hasCommunitySets(opts.dataDir) || opts.configuredDirs.some((d) => existsSync(d))) return { started: false };
  if (opts.autoFetch)
    opts.log.info('no community rule sets yet: fetching SigmaHQ and the YARA packs in the background (`npm run -s rules -- update` does the same)');
  const done = new Promise<RuleSetsStatus | undefined>((resolve, reject) => {
    const thread = new Worker(threadUrl(), { workerData: { dataDir: opts.dataDir, sources: opts.sources, fetchSets: opts.autoFetch }, execArgv: [] });
    // The fetch must never keep a stopping server alive.
    thread.unref();
    thread.on('message', (r: UpdateThreadReply) => {
      if (r.type === 'log') opts.log.info(`rules: ${r.line}`);
      else if (r.type === 'failed') reject(new Error(r.message));
      else {
        if (r.builtin) opts.log.warn(offlineWarning(r.status, r.builtin));
        resolve(r.status);
      }
    });
    thread.on('error', reject);
    thread.on('exit', (code) => reject(new Error(`rule-set thread exited (${code})`)));
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
