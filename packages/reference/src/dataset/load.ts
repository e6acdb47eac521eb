import { readFile, stat } from 'node:fs/promises';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { LookupError } from '../errors.js';
import { decodeDataset, type Dataset } from './format.js';

const gunzipAsync = promisify(gunzip);

/** What identifies one version of a data file: a rename-into-place changes ino and mtime. */
export interface FileSignature {
  mtimeMs: number;
  size: number;
  ino: number;
}

export async function fileSignature(path: string): Promise<FileSignature | undefined> {
  try {
    const s = await stat(path);
    return { mtimeMs: s.mtimeMs, size: s.size, ino: s.ino };
  } catch {
    return undefined;
  }
}

export function sameSignature(a: FileSignature | undefined, b: FileSignature | undefined): boolean {
  return a !== undefined && b !== undefined && a.mtimeMs === b.mtimeMs && a.size === b.size && a.ino === b.ino;
}

/** Reads, decompresses (off the main thread, in libuv's pool) and checks one dataset file. */
export async function loadDatasetFile(path: string): Promise<{ dataset: Dataset; signature: FileSignature | undefined }> {
  // Signature first: if the file is replaced while we read, the next check sees a newer one.
  const signature = await fileSignature(path);
  let text: string;
  try {
    text = (await gunzipAsync(await readFile(path))).toString('utf8');
  } catch (cause) {
    throw new LookupError('data-unavailable', `lookup dataset ${path} cannot be read`, [], { cause });
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (cause) {
    throw new LookupError('data-unavailable', `lookup dataset ${path} is not valid JSON`, [], { cause });
  }
  return { dataset: decodeDataset(json, path), signature };
}
