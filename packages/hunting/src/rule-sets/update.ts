import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { ScanEngine } from '@quarry/vocabulary';
import { checkSet } from './check-set.js';
import { git, redactUrl } from './git.js';
import { copyKept, replaceDir, stagingDir } from './install.js';
import { writeSetRecord, type RuleSetRecord } from './set-record.js';
import type { PackSource, RuleSources } from './sources.js';
import { rulesRoot, writeStatus, type RuleSetsStatus } from './status.js';

/** SigmaHQ release contents Quarry loads (the rest of the repository is tooling and tests). */
export const SIGMA_KEEP = ['rules', 'rules-emerging-threats', 'rules-threat-hunting'];
const PACK_KEEP = ['yara'];
/** SigmaHQ tags its releases `rYYYY-MM-DD`: the newest sorts last. */
const RELEASE_TAG = /^r\d{4}-\d{2}-\d{2}$/;

export interface UpdateOptions {
  dataDir: string;
  sources: RuleSources;
  trigger: 'first-run' | 'update';
  log: (line: string) => void;
}

type Outcome = { ok: true; record: RuleSetRecord } | { ok: false; reason: string };

/**
 * `rules update`: fetches the newest SigmaHQ release into `<data dir>/rules/sigma` and each YARA
 * pack into `<data dir>/rules/yara/<name>`, checks every rule with our engines, and replaces a set
 * only when the new one was fetched whole and compiles (running processes reload it by
 * themselves). Sets are independent: one failing leaves the others installed. Progress goes to
 * `log` and to the status record; nothing from the repositories is executed.
 */
export async function updateRuleSets(opts: UpdateOptions): Promise<RuleSetsStatus> {
  const status: RuleSetsStatus = {
    state: 'fetching',
    trigger: opts.trigger,
    started_at: new Date().toISOString(),
    finished_at: null,
    step: 'starting',
    reason: null,
    sets: [],
  };
  const step = (line: string): void => {
    opts.log(line);
    status.step = line;
    writeStatus(opts.dataDir, status);
  };
  const failures: string[] = [];
  const settle = (label: string, outcome: Outcome): void => {
    if (outcome.ok) {
      status.sets.push(outcome.record);
      const r = outcome.record;
      step(`${label}: installed ${r.loaded} rules from ${r.name} ${r.version}${r.refused ? ` (${r.refused} refused)` : ''}`);
    } else {
      failures.push(`${label}: ${outcome.reason}`);
      step(`${label}: not updated: ${outcome.reason}`);
    }
  };

  step(`sigma: fetching the newest SigmaHQ release from ${redactUrl(opts.sources.sigmaRepo)}`);
  settle('sigma', await fetchSigma(opts));
  for (const pack of opts.sources.yaraPacks) {
    step(`yara: fetching ${pack.name} from ${redactUrl(pack.repo)}${pack.branch ? ` (${pack.branch})` : ''}`);
    settle(`yara ${pack.name}`, await fetchPack(opts, pack));
  }
  status.state = failures.length === 0 ? 'installed' : status.sets.length > 0 ? 'partial' : 'failed';
  status.reason = failures.length ? failures.join('\n') : null;
  status.finished_at = new Date().toISOString();
  status.step = status.state === 'installed' ? 'done' : 'done, with failures';
  writeStatus(opts.dataDir, status);
  rmSync(join(rulesRoot(opts.dataDir), '.staging'), { recursive: true, force: true });
  return status;
}

async function fetchSigma(opts: UpdateOptions): Promise<Outcome> {
  const repo = opts.sources.sigmaRepo;
  const tags = await git(['ls-remote', '--tags', '--refs', repo, 'r20*'], 60_000);
  if (!tags.ok) return { ok: false, reason: tags.reason };
  const tag = tags.stdout
    .split('\n')
    .map((l) => l.split('refs/tags/')[1] ?? '')
    .filter((t) => RELEASE_TAG.test(t))
    .sort()
    .at(-1);
  if (!tag) return { ok: false, reason: `no release tag (rYYYY-MM-DD) in ${redactUrl(repo)}` };
  opts.log(`sigma: cloning SigmaHQ release ${tag}`);
  return installFrom(opts, 'sigma', { name: 'SigmaHQ', version: tag, repo, branch: tag }, join(rulesRoot(opts.dataDir), 'sigma'), SIGMA_KEEP);
}

function fetchPack(opts: UpdateOptions, pack: PackSource): Promise<Outcome> {
  return installFrom(
    opts,
    'yara',
    { name: pack.name, version: '', repo: pack.repo, branch: pack.branch },
    join(rulesRoot(opts.dataDir), 'yara', pack.name),
    PACK_KEEP,
  );
}

/** Shallow clone, keep the rule folders and licences, check, record, swap into `target`. */
async function installFrom(
  opts: UpdateOptions,
  engine: ScanEngine,
  set: { name: string; version: string; repo: string; branch: string | undefined },
  target: string,
  keep: readonly string[],
): Promise<Outcome> {
  const scratch = stagingDir(opts.dataDir, `${engine}-${set.name}`);
  try {
    const src = join(scratch, 'src');
    const clone = await git(['clone', '--quiet', '--depth', '1', ...(set.branch ? ['--branch', set.branch] : []), '--', set.repo, src]);
    if (!clone.ok) return { ok: false, reason: clone.reason };
    let version = set.version;
    if (!version) {
      const head = await git(['-C', src, 'rev-parse', '--short=12', 'HEAD'], 30_000);
      version = `${set.branch ?? 'default branch'}@${head.stdout.trim()}`;
    }
    const staged = join(scratch, 'set');
    // A repository without the usual folders (a mirror laid out differently): everything but .git.
    const kept = keep.some((k) => existsSync(join(src, k))) ? keep : readdirSync(src).filter((n) => n !== '.git');
    copyKept(src, staged, kept);
    const check = await checkSet(engine, staged);
    if (check.loaded === 0)
      return { ok: false, reason: `nothing compiled (${check.refused} refused${check.reasons[0] ? `; first: ${check.reasons[0]}` : ''})` };
    const record: RuleSetRecord = {
      engine,
      name: set.name,
      version,
      source: redactUrl(set.repo),
      installed_at: new Date().toISOString(),
      loaded: check.loaded,
      refused: check.refused,
      refused_reasons: check.reasons,
    };
    writeSetRecord(staged, record);
    replaceDir(staged, target, scratch);
    return { ok: true, record };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
