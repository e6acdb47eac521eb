import { relative } from 'node:path';
import type { HuntingStatus } from '@quarry/api';
import { WORKER_MAIN } from '@quarry/worker/entry';

export interface BannerInfo {
  /** `http://host:port` of the API and dashboard. */
  base: string;
  temporal: string;
  blobs: string;
  role: 'all' | 'api';
  /** What the rule engines loaded; undefined while they are still loading. */
  rules: HuntingStatus | undefined;
  /** True when /healthz was not yet 200 (no worker polling) by the time the banner was due. */
  workerPending: boolean;
  /** Paths in the rules line are shown relative to this directory (the checkout). */
  cwd: string;
}

/** The block printed once the service is up: where it is and what to do next. */
export function startBanner(info: BannerInfo): string {
  const { base } = info;
  const role = info.role === 'api' ? `api (no worker here: run ${relative(info.cwd, WORKER_MAIN)})` : 'all (API + a supervised worker)';
  return `
Quarry is running.
  Dashboard  ${base}/
  API        ${base}   (health: ${base}/healthz)${info.workerPending ? '\n             the worker is not polling yet: jobs wait until it does (see the log above)' : ''}
  Temporal   ${info.temporal}
  Blobs      ${info.blobs}
  Role       ${role}
  Rules      ${rulesLine(info.rules, info.cwd)}

Next: make an API token, then open the dashboard and sign in with it:
  npm run -s admin -- user create --name you --tier pro
Press Ctrl+C to stop.`;
}

/** One line on the detection rules loaded, and how to add the community sets when only ours are there. */
export function rulesLine(rules: HuntingStatus | undefined, cwd: string): string {
  if (!rules) return 'still loading (the log says when they are loaded)';
  const sigmaSets = rules.sigma.dirs.map((d) => shown(d, cwd));
  // The YARA list includes the built-in pack first; the rest are community sets.
  const yaraSets = rules.yara.dirs.slice(1).map((d) => shown(d, cwd));
  const counts = `Sigma ${rules.sigma.loaded} rules, YARA ${rules.yara.rules} rules`;
  if (yaraSets.length === 0 && sigmaSets.length === 0) {
    return `${counts}: the built-in packs only. Add SigmaHQ and community YARA: npm run -s rules -- update`;
  }
  const from = (sets: string[]) => (sets.length ? `built-in + ${sets.join(', ')}` : 'built-in');
  return `${counts} (Sigma: ${from(sigmaSets)}; YARA: ${from(yaraSets)})`;
}

function shown(dir: string, cwd: string): string {
  const rel = relative(cwd, dir);
  return rel && !rel.startsWith('..') ? rel : dir;
}
