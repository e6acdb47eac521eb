import { spawn } from 'node:child_process';
import { accessSync, constants, mkdirSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, join } from 'node:path';
import { inheritedEnv, loadEnv, type Logger } from '@quarry/config';
import { DevstackError } from './errors.js';

export const TEMPORAL_CLI_VERSION = 'v1.5.1';
const TEMPORAL_CLI_MODULE = `github.com/temporalio/cli/cmd/temporal@${TEMPORAL_CLI_VERSION}`;
const PROGRESS_EVERY_MS = 30_000;

/** Where a built CLI is kept between runs. */
export const cacheBinDir = (): string => join(homedir(), '.cache', 'quarry', 'bin');

/**
 * Path of a Temporal CLI: TEMPORAL_CLI, else `temporal` on PATH, else the cached build, else one
 * built now with `go install` into the cache (minutes, once per machine).
 */
export async function ensureTemporalCli(log: Logger, override: string | undefined = loadEnv().TEMPORAL_CLI): Promise<string> {
  if (override !== undefined) {
    if (!isExecutable(override)) throw new DevstackError('temporal-cli', `TEMPORAL_CLI=${override} is not an executable file`);
    return override;
  }
  const onPath = findOnPath('temporal');
  if (onPath) return onPath;
  const cached = join(cacheBinDir(), 'temporal');
  if (isExecutable(cached)) return cached;
  const go = findOnPath('go');
  if (!go) {
    throw new DevstackError(
      'temporal-cli',
      'no Temporal CLI found: install it (https://docs.temporal.io/cli), set TEMPORAL_CLI to its path, or install Go so it can be built',
    );
  }
  await goInstall(go, log);
  if (!isExecutable(cached)) throw new DevstackError('temporal-cli', `go install finished but ${cached} is missing`);
  return cached;
}

async function goInstall(go: string, log: Logger): Promise<void> {
  mkdirSync(cacheBinDir(), { recursive: true });
  log.info({ module: TEMPORAL_CLI_MODULE, into: cacheBinDir() }, 'building the Temporal CLI, first time takes minutes');
  const started = Date.now();
  const child = spawn(go, ['install', TEMPORAL_CLI_MODULE], {
    env: inheritedEnv({ GOBIN: cacheBinDir() }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer): void => {
    output = (output + chunk.toString('utf8')).slice(-8192);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', (chunk: Buffer) => {
    collect(chunk);
    // `go` reports module downloads on stderr; they are the only sign of progress it gives.
    for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) log.info({ go: line.trim() }, 'building the Temporal CLI');
  });
  const ticker = setInterval(() => {
    log.info({ seconds: Math.round((Date.now() - started) / 1000) }, 'still building the Temporal CLI');
  }, PROGRESS_EVERY_MS);
  try {
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once('error', reject);
      child.once('close', resolve);
    });
    if (code !== 0) throw new DevstackError('temporal-cli', `go install ${TEMPORAL_CLI_MODULE} failed (exit ${code}):\n${output}`);
  } finally {
    clearInterval(ticker);
  }
  log.info({ seconds: Math.round((Date.now() - started) / 1000) }, 'built the Temporal CLI');
}

function findOnPath(name: string): string | undefined {
  for (const dir of (inheritedEnv().PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, name);
    if (isExecutable(candidate)) return candidate;
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
