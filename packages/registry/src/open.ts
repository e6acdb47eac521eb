import { readdir, readFile, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { RegistryError } from './errors.js';
import { Hive, MAX_HIVE_BYTES } from './hive.js';
import type { LogInput } from './replay.js';

export type LogSource = string | LogInput;

export interface OpenOptions {
  /** Transaction logs: file paths, or named buffers. */
  logs?: LogSource[];
}

async function readBounded(path: string): Promise<Buffer> {
  let size: number;
  try {
    size = (await stat(path)).size;
  } catch (err) {
    throw new RegistryError(`cannot read file: ${(err as Error).message}`, 'file', -1);
  }
  if (size > MAX_HIVE_BYTES) throw new RegistryError('file too large', 'file', 0, size, MAX_HIVE_BYTES);
  return readFile(path);
}

async function loadLogs(logs: LogSource[]): Promise<LogInput[]> {
  return Promise.all(logs.map(async (l) => (typeof l === 'string' ? { name: basename(l), data: await readBounded(l) } : l)));
}

/** Opens a hive from a path or Buffer, replaying the given transaction logs if the hive is dirty. */
export async function openHive(input: string | Buffer, options: OpenOptions = {}): Promise<Hive> {
  const data = typeof input === 'string' ? await readBounded(input) : input;
  return new Hive(data, await loadLogs(options.logs ?? []));
}

const LOG_SUFFIX = /\.log[12]?$/i;

/** True when a file name is one of a hive's log names (NAME.LOG, .LOG1, .LOG2), compared case-insensitively as Windows does. */
export function isLogNameOf(hiveName: string, candidate: string): boolean {
  const c = candidate.toLowerCase();
  const h = hiveName.toLowerCase();
  return c.startsWith(h) && LOG_SUFFIX.test(c) && c.slice(h.length).match(/^\.log[12]?$/) !== null;
}

/** Finds NAME.LOG / NAME.LOG1 / NAME.LOG2 beside a hive, whatever their case; sorted LOG, LOG1, LOG2. */
export async function findLogs(hivePath: string): Promise<string[]> {
  const dir = dirname(hivePath);
  const name = basename(hivePath);
  let entries: string[];
  try {
    entries = await readdir(dir);
  } catch (err) {
    throw new RegistryError(`cannot list directory: ${(err as Error).message}`, 'file', -1);
  }
  return entries
    .filter((e) => isLogNameOf(name, e))
    .sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()))
    .map((e) => join(dir, e));
}
