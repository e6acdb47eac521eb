import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { BUILTIN_RULES_DIR, PackCache, type Pack } from '@quarry/yara';
import { RecheckGate, ruleFilesFingerprint } from '../rule-files-fingerprint.js';

/**
 * The community YARA directories: the built-in pack, the `QUARRY_YARA_RULES` value (`:`-separated,
 * passed in: only @quarry/config reads the environment) and `<dataDir>/rules/yara` (filled by
 * `npm run rules -- update`). Missing configured directories are left out; the data directory's
 * stays listed.
 */
export function yaraRuleDirs(opts: { yaraRules?: string | undefined; dataDir?: string | undefined }): string[] {
  const dirs = [
    BUILTIN_RULES_DIR,
    ...(opts.yaraRules ?? '')
      .split(':')
      .map((d) => d.trim())
      .filter(Boolean),
  ].filter((d) => existsSync(d));
  // Listed even when absent: YaraRuleSet loads the directories that exist, so a set fetched or
  // imported later (the first start's background fetch) is picked up by the reload.
  if (opts.dataDir) dirs.push(join(opts.dataDir, 'rules', 'yara'));
  return [...new Set(dirs)];
}

const YARA_FILE = /\.(yar|yara)$/i;

/**
 * The community YARA pack of one process: loaded once, reloaded when a rule file changes (checked at
 * most every `recheckMs`). The composition root creates one and passes it to every user. Broken
 * files are skipped and listed in `pack.files` by @quarry/yara's loader; the externals LOKI/THOR
 * packs use (filename, filepath, extension, filetype, owner) are defined.
 */
export class YaraRuleSet {
  private readonly cache = new PackCache();
  private readonly gate: RecheckGate;
  private current: Promise<Pack> | undefined;
  private fingerprint = '';

  constructor(
    readonly dirs: readonly string[],
    opts: { recheckMs?: number } = {},
  ) {
    this.gate = new RecheckGate(opts.recheckMs ?? 5_000);
  }

  pack(): Promise<Pack> {
    if (this.current === undefined || this.gate.due()) {
      const fingerprint = ruleFilesFingerprint(this.dirs, YARA_FILE);
      if (this.current === undefined || fingerprint !== this.fingerprint) {
        this.fingerprint = fingerprint;
        const loading = this.cache.get({ dirs: this.dirs.filter((d) => existsSync(d)), name: 'community' });
        // A failed load is retried on the next call instead of sticking.
        loading.catch(() => {
          if (this.current === loading) this.current = undefined;
        });
        this.current = loading;
      }
    }
    return this.current;
  }
}

/** Rule files of the pack that did not compile, with the first reason, for reports. */
export function skippedRuleFiles(pack: Pack): string[] {
  return pack.files.filter((f) => !f.ok).map((f) => `${f.namespace}: ${f.errors[0]?.title ?? 'did not compile'}`);
}
