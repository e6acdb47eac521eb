import { spawn } from 'node:child_process';
import { accessSync, constants, mkdirSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { inheritedEnv, loadEnv, type Logger } from '@quarry/config';
import { DevstackError, type Component } from './errors.js';

const PROGRESS_EVERY_MS = 30_000;

/** Where fetched and built binaries are kept between runs: QUARRY_BIN_DIR, else ~/.cache/quarry/bin. */
export const cacheBinDir = (): string => resolve(loadEnv().QUARRY_BIN_DIR ?? join(homedir(), '.cache', 'quarry', 'bin'));

export interface GoBinary {
  /** The executable's name, on PATH and in the cache. */
  name: string;
  /** `module@version` handed to `go install`. */
  module: string;
  /** What the log lines call it, e.g. "the Temporal CLI". */
  label: string;
  component: Component;
  /** The error's message when there is neither a binary nor Go to build one. */
  noGo: string;
}

/**
 * Path of a tool's binary: on PATH, else the cached build, else one built now with `go install`
 * into the cache (minutes, once per machine).
 */
export async function ensureGoBinary(binary: GoBinary, log: Logger): Promise<string> {
  const onPath = findOnPath(binary.name);
  if (onPath) return onPath;
  const cached = join(cacheBinDir(), binary.name);
  if (isExecutable(cached)) return cached;
  return buildWithGo(binary, log);
}

/** Builds the binary with `go install` into the cache and returns its path. */
export async function buildWithGo(binary: GoBinary, log: Logger): Promise<string> {
  const go = findOnPath('go');
  if (!go) throw new DevstackError(binary.component, binary.noGo);
  await goInstall(go, binary, log);
  const built = join(cacheBinDir(), binary.name);
  if (!isExecutable(built)) throw new DevstackError(binary.component, `go install finished but ${built} is missing`);
  return built;
}

async function goInstall(go: string, binary: GoBinary, log: Logger): Promise<void> {
  mkdirSync(cacheBinDir(), { recursive: true });
  log.info({ module: binary.module, into: cacheBinDir() }, `building ${binary.label}, first time takes minutes`);
  const started = Date.now();
  const child = spawn(go, ['install', binary.module], { env: inheritedEnv({ GOBIN: cacheBinDir() }), stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const collect = (chunk: Buffer): void => {
    output = (output + chunk.toString('utf8')).slice(-8192);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', (chunk: Buffer) => {
    collect(chunk);
    // `go` reports module downloads on stderr; they are the only sign of progress it gives.
    for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) log.info({ go: line.trim() }, `building ${binary.label}`);
  });
  const ticker = setInterval(() => log.info({ seconds: Math.round((Date.now() - started) / 1000) }, `still building ${binary.label}`), PROGRESS_EVERY_MS);
  try {
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once('error', reject);
      child.once('close', resolve);
    });
    if (code !== 0) throw new DevstackError(binary.component, `go install ${binary.module} failed (exit ${code}):\n${output}`);
  } finally {
    clearInterval(ticker);
  }
  log.info({ seconds: Math.round((Date.now() - started) / 1000) }, `built ${binary.label}`);
}

export function findOnPath(name: string): string | undefined {
  for (const dir of (inheritedEnv().PATH ?? '').split(delimiter)) {
    if (dir && isExecutable(join(dir, name))) return join(dir, name);
  }
  return undefined;
}

export function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}
