import { isAbsolute, join, resolve } from 'node:path';
import { z } from 'zod';
import { repoRoot } from './repo-root.js';
import { WORKER_HEAP_MB } from './worker-node-args.js';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

const port = z.coerce.number().int().min(0).max(65535);

const masterKey = z.string().refine((s) => isBase64Key(s), {
  message: 'must be the base64 of exactly 32 bytes (make one with `openssl rand -base64 32`)',
});

const databaseUrl = z.string().refine((s) => /^postgres(ql)?:\/\/./.test(s) && URL.canParse(s), {
  message: 'must be a postgres:// or postgresql:// URL',
});

const tierLimits = z
  .string()
  .regex(
    /^\s*(anonymous|free|pro|enterprise)\s*=\s*\d+\s*(,\s*(anonymous|free|pro|enterprise)\s*=\s*\d+\s*)*$/,
    'must be tier=count pairs separated by commas, e.g. anonymous=5,free=20,pro=100,enterprise=500',
  );

const blobUrl = z.string().regex(/^s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/.*)?$/, 'must be s3://bucket or s3://bucket/prefix');

const httpUrl = z.string().refine((s) => /^https?:\/\/./.test(s) && URL.canParse(s), { message: 'must be an http:// or https:// URL' });

const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** `name=url` or `name=url#branch` pairs separated by commas (a git URL: https://, ssh, file://, a path). */
const packRepos = z
  .string()
  .regex(
    /^\s*[\w.-]+=[^\s,=#]+(#[^\s,#]+)?\s*(,\s*[\w.-]+=[^\s,=#]+(#[^\s,#]+)?\s*)*$/,
    'must be name=git-url[#branch] pairs separated by commas, e.g. signature-base=https://mirror/signature-base.git#master',
  );

const hostPort = z.string().regex(/^[^\s:/]+:\d{1,5}$/, 'must be host:port, e.g. 127.0.0.1:7233');

const schema = z.object({
  PORT: port.default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: databaseUrl.optional(),
  TEMPORAL_ADDRESS: hostPort.optional(),
  TEMPORAL_NAMESPACE: z.string().min(1).default('default'),
  TEMPORAL_UI_PORT: port.default(8233),
  QUARRY_DATA_DIR: z.string().optional(),
  BLOB_DIR: z.string().optional(),
  /** Object storage for blobs and record stores (`s3://bucket/prefix`); when set, BLOB_DIR is not used. */
  BLOB_URL: blobUrl.optional(),
  AWS_REGION: z.string().min(1).default('us-east-1'),
  /** An S3-compatible endpoint (MinIO, Ceph, ...); AWS_ENDPOINT_URL_S3 is the standard name for it. */
  S3_ENDPOINT: httpUrl.optional(),
  AWS_ENDPOINT_URL_S3: httpUrl.optional(),
  /** Path-style requests (`endpoint/bucket/key`); default true when an endpoint is set, as self-hosted servers need. */
  S3_FORCE_PATH_STYLE: flag.optional(),
  AWS_ACCESS_KEY_ID: z.string().min(1).optional(),
  AWS_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  AWS_SESSION_TOKEN: z.string().min(1).optional(),
  /** Local cache of record stores fetched from object storage, and its bound in MiB. */
  QUARRY_CACHE_DIR: z.string().optional(),
  QUARRY_CACHE_MAX_MB: z.coerce.number().int().min(1).default(10_240),
  /** `all`: today's single command (embedded services, a supervised worker). `api`: API only, on external services. */
  QUARRY_ROLE: z.enum(['all', 'api']).default('all'),
  /** The old-generation bound, MiB, a worker process is started with (workerNodeArgs). */
  WORKER_HEAP_MB: z.coerce.number().int().min(256).default(WORKER_HEAP_MB),
  /** The memory a worker's running parse jobs may take together, MiB (estimated per job); unset: its heap bound. */
  WORKER_JOB_MEMORY_MB: z.coerce.number().int().min(1).optional(),
  /**
   * Benchmarks only (`bench:jobs`, which measures a job's record-store cost against the same job
   * without one): `1` and the worker builds no record store, so its jobs' searches find nothing.
   */
  QUARRY_BENCH_SKIP_RECORD_STORES: flag.optional(),
  /** The worker's health listener (GET /healthz, /readyz); unset: none. */
  WORKER_HEALTH_PORT: port.optional(),
  WORKER_HEALTH_HOST: z.string().min(1).default('127.0.0.1'),
  QUARRY_MASTER_KEY: masterKey.optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  TEMPORAL_CLI: z.string().optional(),
  /** Where the Temporal CLI (and MinIO, for tests) are cached once fetched or built; default ~/.cache/quarry/bin. */
  QUARRY_BIN_DIR: z.string().optional(),
  /** Console format: `pretty` (one coloured line per event), `json` (pino's lines); default pretty on a terminal only. */
  LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
  /** Community rule directories, `:`-separated, besides the built-in packs and `.data/rules/{sigma,yara}`. */
  QUARRY_SIGMA_RULES: z.string().optional(),
  QUARRY_YARA_RULES: z.string().optional(),
  /** Where `rules update` (and the first start) fetch the SigmaHQ release tags from: a git URL (mirrors, tests). */
  QUARRY_SIGMA_RULES_REPO: z.string().min(1).default('https://github.com/SigmaHQ/sigma.git'),
  /** The YARA packs fetched, replacing the public list (signature-base, reversinglabs): `name=git-url[#branch]` pairs. */
  QUARRY_YARA_PACK_REPOS: packRepos.optional(),
  /** `false`: the first `npm start` without community rule sets does not try to fetch them (air-gapped labs). */
  QUARRY_RULES_AUTO_FETCH: flag.optional(),
  /**
   * Per-tier rate limits, `tier=count` pairs (`anonymous=5,free=20,pro=100,enterprise=500`; tiers left
   * out keep their defaults): YARA file-scan jobs per hour, inline YARA/Sigma scans per minute.
   */
  QUARRY_RATE_LIMIT_YARA_FILE: tierLimits.optional(),
  QUARRY_RATE_LIMIT_DATA_SCAN: tierLimits.optional(),
  /**
   * `1`: webhooks may target loopback, link-local, private and other non-public addresses (a lab
   * whose receivers sit on the private network). Off by default: a webhook URL is a request the
   * server makes on a user's behalf, so it must not reach the server's own network (SSRF).
   */
  QUARRY_WEBHOOK_ALLOW_PRIVATE: flag.optional(),
  NODE_ENV: z.enum(['development', 'production', 'test']).optional(),
});

// Values never echoed in error messages: they hold credentials.
const SECRET = new Set(['QUARRY_MASTER_KEY', 'DATABASE_URL', 'AWS_SECRET_ACCESS_KEY', 'AWS_SESSION_TOKEN']);

type Parsed = z.infer<typeof schema>;

/** The validated environment. Directories are absolute; unset services are `undefined`. */
export type Env = Omit<
  Parsed,
  'QUARRY_DATA_DIR' | 'BLOB_DIR' | 'QUARRY_CACHE_DIR' | 'S3_FORCE_PATH_STYLE' | 'AWS_ENDPOINT_URL_S3' | 'QUARRY_RULES_AUTO_FETCH'
> & {
  QUARRY_DATA_DIR: string;
  BLOB_DIR: string;
  QUARRY_CACHE_DIR: string;
  S3_FORCE_PATH_STYLE: boolean;
  QUARRY_RULES_AUTO_FETCH: boolean;
};

export type EnvSource = Readonly<Record<string, string | undefined>>;

/** Thrown by `loadEnv`; the message lists every bad variable, one a line. */
export class EnvError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid environment:\n${problems.map((p) => `  ${p}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

let fromProcess: Env | undefined;

/**
 * Parses and validates the environment. `process.env` is parsed once and remembered; another
 * source (tests, child-process set-ups) is parsed on every call.
 */
export function loadEnv(source: EnvSource = process.env): Env {
  if (source === process.env) {
    fromProcess ??= parseEnv(source);
    return fromProcess;
  }
  return parseEnv(source);
}

function parseEnv(source: EnvSource): Env {
  const input: Record<string, string> = {};
  // An empty value (`FOO=` in a shell or .env file) means "unset", so defaults apply.
  for (const key of Object.keys(schema.shape)) {
    const value = source[key];
    if (value !== undefined && value.trim() !== '') input[key] = value.trim();
  }
  const result = schema.safeParse(input);
  const problems = result.success ? roleProblems(result.data) : [];
  if (problems.length) throw new EnvError(problems);
  if (!result.success) {
    throw new EnvError(
      result.error.issues.map((issue) => {
        const name = issue.path.join('.');
        const value = SECRET.has(name) ? '' : ` (got ${JSON.stringify(input[name])})`;
        return `${name}: ${issue.message}${value}`;
      }),
    );
  }
  const dataDir = absolute(result.data.QUARRY_DATA_DIR ?? join(repoRoot(), '.data'));
  const { AWS_ENDPOINT_URL_S3, ...data } = result.data;
  const endpoint = data.S3_ENDPOINT ?? AWS_ENDPOINT_URL_S3;
  return {
    ...data,
    ...(endpoint ? { S3_ENDPOINT: endpoint } : {}),
    S3_FORCE_PATH_STYLE: data.S3_FORCE_PATH_STYLE ?? endpoint !== undefined,
    QUARRY_RULES_AUTO_FETCH: data.QUARRY_RULES_AUTO_FETCH ?? true,
    QUARRY_DATA_DIR: dataDir,
    BLOB_DIR: absolute(data.BLOB_DIR ?? join(dataDir, 'blobs')),
    QUARRY_CACHE_DIR: absolute(data.QUARRY_CACHE_DIR ?? join(dataDir, 'cache')),
  };
}

/**
 * An API-only node shares everything with other nodes: it must not fall back to embedded services
 * or to a master key of its own, which would silently split the deployment.
 */
function roleProblems(data: Parsed): string[] {
  if (data.QUARRY_ROLE !== 'api') return [];
  return (['DATABASE_URL', 'TEMPORAL_ADDRESS', 'QUARRY_MASTER_KEY'] as const)
    .filter((name) => data[name] === undefined)
    .map((name) => `${name}: must be set when QUARRY_ROLE=api (API nodes share it with the other nodes)`);
}

function absolute(dir: string): string {
  return isAbsolute(dir) ? dir : resolve(repoRoot(), dir);
}

/** Standard or URL-safe base64, padding optional, decoding to exactly 32 bytes. */
export function isBase64Key(text: string): boolean {
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(text)) return false;
  return Buffer.from(text, 'base64').length === 32 && text.replace(/=+$/, '').length === 43;
}
