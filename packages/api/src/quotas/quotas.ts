import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { JOB_TIERS, type JobTier } from '@quarry/vocabulary';
import type { Caller } from '../auth/caller.js';
import { RateLimitedError } from '../errors/app-error.js';

/** What is rate-limited: YARA file-scan jobs (the spec's 429) and inline YARA/Sigma scans. Rule retrieval is exempt. */
export type QuotaBucket = 'yaraFileScan' | 'dataScan';

export interface BucketLimits {
  windowSeconds: number;
  perTier: Record<JobTier, number>;
}

export type QuotaLimits = Record<QuotaBucket, BucketLimits>;

/** Defaults (docs/operations.md): anonymous callers lowest, each paid tier a step up. */
export const DEFAULT_QUOTA_LIMITS: QuotaLimits = {
  yaraFileScan: { windowSeconds: 3600, perTier: { anonymous: 5, free: 20, pro: 100, enterprise: 500 } },
  dataScan: { windowSeconds: 60, perTier: { anonymous: 10, free: 30, pro: 120, enterprise: 600 } },
};

/** Reads `tier=count,…` (the format @quarry/config validates) over the defaults; tiers left out keep theirs. */
export function parseTierLimits(text: string | undefined, defaults: Record<JobTier, number>): Record<JobTier, number> {
  const out = { ...defaults };
  for (const pair of (text ?? '').split(',')) {
    const [tier, count] = pair.split('=').map((s) => s.trim());
    if (tier && count && (JOB_TIERS as readonly string[]).includes(tier)) out[tier as JobTier] = Number(count);
  }
  return out;
}

/** Limits from the environment's two settings, over the defaults. */
export function quotaLimitsFrom(env: { QUARRY_RATE_LIMIT_YARA_FILE?: string | undefined; QUARRY_RATE_LIMIT_DATA_SCAN?: string | undefined }): QuotaLimits {
  return {
    yaraFileScan: {
      ...DEFAULT_QUOTA_LIMITS.yaraFileScan,
      perTier: parseTierLimits(env.QUARRY_RATE_LIMIT_YARA_FILE, DEFAULT_QUOTA_LIMITS.yaraFileScan.perTier),
    },
    dataScan: { ...DEFAULT_QUOTA_LIMITS.dataScan, perTier: parseTierLimits(env.QUARRY_RATE_LIMIT_DATA_SCAN, DEFAULT_QUOTA_LIMITS.dataScan.perTier) },
  };
}

/**
 * Per-tier quotas over fixed windows (rate-limiter-flexible, in memory: one server process owns
 * its counters; several servers would share a PostgreSQL or Redis store of the same library).
 * Users are counted by id; anonymous callers by the client address the front saw.
 */
export class Quotas {
  private readonly limiters = new Map<string, RateLimiterMemory>();

  constructor(readonly limits: QuotaLimits = DEFAULT_QUOTA_LIMITS) {
    for (const bucket of Object.keys(limits) as QuotaBucket[]) {
      for (const tier of JOB_TIERS) {
        const { windowSeconds, perTier } = limits[bucket];
        this.limiters.set(`${bucket}:${tier}`, new RateLimiterMemory({ keyPrefix: `${bucket}:${tier}`, points: perTier[tier], duration: windowSeconds }));
      }
    }
  }

  /** Takes one unit of the caller's quota, or throws RateLimitedError (429) saying when to retry. */
  async consume(bucket: QuotaBucket, caller: Caller, clientAddress: string | undefined): Promise<void> {
    const limiter = this.limiters.get(`${bucket}:${caller.tier}`)!;
    if (limiter.points <= 0) throw new RateLimitedError(this.limits[bucket].windowSeconds);
    const key = caller.userId ?? `anon:${clientAddress ?? 'unknown'}`;
    try {
      await limiter.consume(key);
    } catch (res) {
      if (res instanceof RateLimiterRes) throw new RateLimitedError(Math.max(1, Math.ceil(res.msBeforeNext / 1000)));
      throw res;
    }
  }
}
