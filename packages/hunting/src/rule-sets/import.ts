import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { ScanEngine } from '@quarry/vocabulary';
import { checkSet } from './check-set.js';
import { copyKept, replaceDir, stagingDir } from './install.js';
import { writeSetRecord, type RuleSetRecord } from './set-record.js';
import { rulesRoot, writeStatus, type RuleSetsStatus } from './status.js';
import { unzipTo } from './unzip-to.js';
import { SIGMA_KEEP } from './update.js';

export interface ImportOptions {
  dataDir: string;
  /** A directory or a `.zip` holding one rule set. */
  source: string;
  /** Default: the rule files' kind (more `.yml` than `.yar`: Sigma). */
  engine?: ScanEngine | undefined;
  /** Default: `SigmaHQ` for a SigmaHQ layout, else the file or directory name without its version. */
  name?: string | undefined;
  /** Default: a release tag or version number in the file or directory name, else `unversioned`. */
  version?: string | undefined;
  log: (line: string) => void;
}

/** Thrown for a source that is no usable rule set; the message is for the operator. */
export class RuleImportError extends Error {
  override name = 'RuleImportError';
}

const VERSION_IN_NAME = /(r\d{4}-\d{2}-\d{2}|v?\d+(?:\.\d+)+)/;
const SAFE_NAME = /^[\w.-]+$/;

/**
 * `rules import DIR|ZIP`: installs a copy of a rule set for machines without internet. Every rule
 * is checked with our engines (Sigma parse and compile, YARA compile); refused rules are reported
 * with their reason and left to the loaders, which skip them too. Licence and readme files are
 * kept; the set's name and version are recorded. Sigma replaces `<data dir>/rules/sigma`; a YARA
 * pack goes to `<data dir>/rules/yara/<name>`. The swap is atomic, and a set where nothing
 * compiles is not installed.
 */
export async function importRuleSet(opts: ImportOptions): Promise<RuleSetsStatus> {
  if (!existsSync(opts.source)) throw new RuleImportError(`${opts.source}: no such file or directory`);
  const isZip = statSync(opts.source).isFile();
  if (isZip && !/\.zip$/i.test(opts.source)) throw new RuleImportError(`${opts.source}: expected a directory or a .zip`);
  const status: RuleSetsStatus = {
    state: 'importing',
    trigger: 'import',
    started_at: new Date().toISOString(),
    finished_at: null,
    step: `importing ${opts.source}`,
    reason: null,
    sets: [],
  };
  writeStatus(opts.dataDir, status);
  const scratch = stagingDir(opts.dataDir, 'import');
  try {
    let root = opts.source;
    if (isZip) {
      root = join(scratch, 'unpacked');
      opts.log(`unpacking ${opts.source}`);
      try {
        unzipTo(opts.source, root);
      } catch (err) {
        throw new RuleImportError(`${opts.source}: not a readable zip (${(err as Error).message})`);
      }
      root = singleFolder(root);
    }
    const counts = countRuleFiles(root);
    const engine = opts.engine ?? (counts.sigma === 0 && counts.yara === 0 ? undefined : counts.yara > counts.sigma ? 'yara' : 'sigma');
    if (engine === undefined) throw new RuleImportError(`${opts.source}: no Sigma (.yml) or YARA (.yar) rule files`);
    const sigmaHq = engine === 'sigma' && SIGMA_KEEP.some((k) => existsSync(join(root, k)));
    const label = basename(opts.source).replace(/\.zip$/i, '');
    const version = opts.version ?? VERSION_IN_NAME.exec(label)?.[1] ?? VERSION_IN_NAME.exec(basename(root))?.[1] ?? 'unversioned';
    const name = opts.name ?? (sigmaHq ? 'SigmaHQ' : label.replace(VERSION_IN_NAME, '').replace(/[-_.\s]+$/, '') || label);
    if (engine === 'yara' && !SAFE_NAME.test(name))
      throw new RuleImportError(`set name ${JSON.stringify(name)}: use letters, digits, '.', '_' or '-' (it names a directory); pass --name`);

    const staged = join(scratch, 'set');
    // A SigmaHQ checkout or release: its rule folders (not tests or tooling); anything else whole.
    copyKept(root, staged, sigmaHq ? SIGMA_KEEP : readdirSync(root).filter((n) => n !== '.git'));
    opts.log(`checking ${engine === 'sigma' ? 'Sigma' : 'YARA'} set ${name} ${version}`);
    const check = await checkSet(engine, staged);
    const refusedReasons = check.reasons;
    if (check.loaded === 0)
      throw new RuleImportError(
        `${opts.source}: no rule compiled (${check.refused} refused${refusedReasons[0] ? `; first: ${refusedReasons[0]}` : ''}); nothing installed`,
      );
    const record: RuleSetRecord = {
      engine,
      name,
      version,
      source: `import ${basename(opts.source)}`,
      installed_at: new Date().toISOString(),
      loaded: check.loaded,
      refused: check.refused,
      refused_reasons: refusedReasons,
    };
    writeSetRecord(staged, record);
    const target = engine === 'sigma' ? join(rulesRoot(opts.dataDir), 'sigma') : join(rulesRoot(opts.dataDir), 'yara', name);
    replaceDir(staged, target, scratch);
    opts.log(`installed ${record.loaded} rules from ${name} ${version} into ${target}; ${record.refused} refused`);
    for (const r of refusedReasons) opts.log(`  refused: ${r}`);
    Object.assign(status, { state: 'installed', step: 'done', sets: [record] });
    return status;
  } catch (err) {
    Object.assign(status, { state: 'failed', step: 'done, with failures', reason: (err as Error).message });
    throw err;
  } finally {
    status.finished_at = new Date().toISOString();
    writeStatus(opts.dataDir, status);
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** A zip holding one top folder (`sigma-r2026-01-01/rules/...`): the set is that folder, unless it is a rule folder itself. */
function singleFolder(dir: string): string {
  const entries = readdirSync(dir, { withFileTypes: true });
  const only = entries[0];
  return entries.length === 1 && only?.isDirectory() && ![...SIGMA_KEEP, 'yara'].includes(only.name) ? join(dir, only.name) : dir;
}

function countRuleFiles(dir: string): { sigma: number; yara: number } {
  const n = { sigma: 0, yara: 0 };
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!e.isFile()) continue;
    if (/\.ya?ml$/i.test(e.name)) n.sigma++;
    else if (/\.yara?$/i.test(e.name)) n.yara++;
  }
  return n;
}
