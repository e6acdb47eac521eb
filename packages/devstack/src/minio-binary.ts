import { spawn } from 'node:child_process';
import { accessSync, constants, mkdirSync, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { inheritedEnv, type Logger } from '@quarry/config';
import { DevstackError } from './errors.js';
import { cacheBinDir } from './temporal-cli.js';

/**
 * MinIO publishes no tagged Go module versions, only commits: this pseudo-version is the one
 * `@latest` resolved to when it was pinned, so every machine builds the same server.
 */
export const MINIO_MODULE = 'github.com/minio/minio@v0.0.0-20260212201848-7aac2a2c5b7c';
const PROGRESS_EVERY_MS = 30_000;

/**
 * Path of a MinIO server binary: `minio` on PATH, else the cached build, else one built now with
 * `go install` into the cache (about 4 minutes, once per machine), as for the Temporal CLI.
 */
export async function ensureMinio(log: Logger): Promise<string> {
  const onPath = findOnPath('minio');
  if (onPath) return onPath;
  const cached = join(cacheBinDir(), 'minio');
  if (isExecutable(cached)) return cached;
  const go = findOnPath('go');
  if (!go) throw new DevstackError('minio', 'no minio binary on PATH or in the cache, and no Go to build one (scripts/setup-test-env.sh installs it)');
  mkdirSync(cacheBinDir(), { recursive: true });
  log.info({ module: MINIO_MODULE, into: cacheBinDir() }, 'building MinIO, first time takes minutes');
  const started = Date.now();
  const child = spawn(go, ['install', MINIO_MODULE], { env: inheritedEnv({ GOBIN: cacheBinDir() }), stdio: ['ignore', 'ignore', 'pipe'] });
  let output = '';
  child.stderr.on('data', (chunk: Buffer) => (output = (output + chunk.toString('utf8')).slice(-8192)));
  const ticker = setInterval(() => log.info({ seconds: Math.round((Date.now() - started) / 1000) }, 'still building MinIO'), PROGRESS_EVERY_MS);
  try {
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once('error', reject);
      child.once('close', resolve);
    });
    if (code !== 0) throw new DevstackError('minio', `go install ${MINIO_MODULE} failed (exit ${code}):\n${output}`);
  } finally {
    clearInterval(ticker);
  }
  if (!isExecutable(cached)) throw new DevstackError('minio', `go install finished but ${cached} is missing`);
  return cached;
}

function findOnPath(name: string): string | undefined {
  for (const dir of (inheritedEnv().PATH ?? '').split(delimiter)) {
    if (dir && isExecutable(join(dir, name))) return join(dir, name);
  }
  return undefined;
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}
