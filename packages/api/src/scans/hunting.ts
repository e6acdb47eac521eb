import { existsSync } from 'node:fs';
import { SigmaThread, YaraRuleSet, sigmaRuleDirs, yaraRuleDirs } from '@quarry/hunting';
import { ScanPool, type Pack } from '@quarry/yara';

export interface HuntingOptions {
  /** `QUARRY_YARA_RULES` / `QUARRY_SIGMA_RULES` (`:`-separated) and the data directory holding `rules/{yara,sigma}`. */
  yaraRules?: string | undefined;
  sigmaRules?: string | undefined;
  dataDir?: string | undefined;
  /** Per inline scan (YARA and Sigma); the scan's worker is stopped past it. */
  scanTimeoutMs?: number;
  /** YARA scan worker processes of this server (inline scans and rule checks). */
  yaraWorkers?: number;
}

/** What `warm` loaded: rule counts and the directories they came from, for the start banner. */
export interface HuntingStatus {
  sigma: { loaded: number; refused: number; dirs: readonly string[] };
  /** `dirs` includes the built-in pack; only directories that exist. */
  yara: { rules: number; failedFiles: number; dirs: readonly string[] };
}

/** Inline scans end after this long: a runaway rule or input costs a worker, never a server thread. */
export const DATA_SCAN_TIMEOUT_MS = 10_000;

/** The search summaries' code, run on the Sigma thread (compiled: threads cannot load TypeScript). */
export const SUMMARY_TASK = new URL(import.meta.url.endsWith('.ts') ? '../../dist/search/summary-task.js' : '../search/summary-task.js', import.meta.url).href;

/**
 * The server's rule sets, one per engine, created once by the composition root and reloaded in
 * place when rule files change: the community YARA pack (compiled in scan worker processes, off the
 * event loop) and the community Sigma set (compiled once, on the Sigma thread). Inline scans, rule
 * checks, rule retrieval and search summaries (which run on the Sigma thread) use them.
 */
export class Hunting {
  readonly yaraPool: ScanPool;
  readonly yaraPacks: YaraRuleSet;
  readonly sigma: SigmaThread;
  /** Community Sigma directories besides the built-in pack (some may not exist yet). */
  readonly sigmaDirs: readonly string[];
  readonly scanTimeoutMs: number;
  /** Holds `rules/` (installed sets and the status of the last update); undefined: none. */
  readonly dataDir: string | undefined;

  constructor(opts: HuntingOptions = {}) {
    this.dataDir = opts.dataDir;
    this.scanTimeoutMs = opts.scanTimeoutMs ?? DATA_SCAN_TIMEOUT_MS;
    this.yaraPool = new ScanPool({ size: opts.yaraWorkers ?? 1, timeoutMs: this.scanTimeoutMs });
    this.yaraPacks = new YaraRuleSet(yaraRuleDirs(opts));
    this.sigmaDirs = sigmaRuleDirs(opts);
    this.sigma = new SigmaThread({ dirs: this.sigmaDirs, timeoutMs: this.scanTimeoutMs, task: SUMMARY_TASK });
  }

  communityYara(): Promise<Pack> {
    return this.yaraPacks.pack();
  }

  /** Loads and compiles both community sets now (start-up), so the first requests do not wait. */
  async warm(): Promise<HuntingStatus> {
    const pack = await this.communityYara();
    const [, sigma] = await Promise.all([this.yaraPool.warm(pack), this.sigma.warm()]);
    return {
      sigma: { loaded: sigma.loaded, refused: sigma.refused, dirs: this.sigmaDirs.filter((d) => existsSync(d)) },
      yara: { rules: pack.totals.rules, failedFiles: pack.totals.failed, dirs: this.yaraPacks.dirs },
    };
  }

  async close(): Promise<void> {
    await Promise.all([this.yaraPool.close(), this.sigma.close()]);
  }
}
