import { randomBytes } from 'node:crypto';
import type { Dirent } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat, unlink, writeFile, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertBlobKey, isValidBlobKey } from './blob-key.js';
import type { BlobEntry, ByteRange, CheckedBlobStore, PutOptions } from './blob-store.js';
import { checkRange } from './byte-range.js';
import { StorageError } from './errors.js';

const READ_CHUNK = 64 * 1024;
/** Temp files start with a dot and end in `.tmp`; valid keys contain no dot, so they never collide. */
export const TEMP_SUFFIX = '.tmp';

const isNotFound = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';
/** Shard directories are two characters of the key alphabet: dot files and other names never match. */
const SHARD = /^[A-Za-z0-9_-]{2}$/;

/**
 * Blob store on a local filesystem: `<root>/<key[0..2]>/<key[2..4]>/<key>`, files mode 0600.
 * Writes go to a temp file in the blob's own directory, are fsynced, then renamed into place
 * (rename is atomic within one directory), and the directory is fsynced so the name survives a crash.
 */
export class FsBlobStore implements CheckedBlobStore {
  constructor(readonly rootDir: string) {}

  get location(): string {
    return this.rootDir;
  }

  /** The root exists (made if missing) and a file can be written, synced and removed in it. */
  async check(): Promise<void> {
    const probe = join(this.rootDir, `.check-${randomBytes(6).toString('hex')}${TEMP_SUFFIX}`);
    try {
      await mkdir(this.rootDir, { recursive: true, mode: 0o700 });
      await writeFile(probe, 'ok', { mode: 0o600, flush: true });
    } catch (err) {
      throw new StorageError('UNAVAILABLE', '', `blob directory ${this.rootDir} is not writable: ${(err as Error).message}`, { cause: err });
    } finally {
      await rm(probe, { force: true }).catch(() => undefined);
    }
  }

  /** Absolute path of a blob (the key is validated first). */
  pathOf(key: string): string {
    assertBlobKey(key);
    return join(this.rootDir, key.slice(0, 2), key.slice(2, 4), key);
  }

  async put(key: string, source: Readable | AsyncIterable<Uint8Array>, options: PutOptions = {}): Promise<{ size: number }> {
    try {
      return await this.write(this.pathOf(key), key, source, options);
    } catch (err) {
      // Also when failing before reading (bad key, unwritable dir): a producer piping into the
      // source must learn of the failure instead of waiting forever for it to drain. The error is
      // passed on only to a source someone listens to: an unheard 'error' would crash the process.
      if (source instanceof Readable && !source.destroyed) {
        source.destroy(source.listenerCount('error') > 0 ? (err as Error) : undefined);
      }
      throw err;
    }
  }

  private async write(target: string, key: string, source: Readable | AsyncIterable<Uint8Array>, options: PutOptions): Promise<{ size: number }> {
    const dir = join(target, '..');
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const temp = join(dir, `.${key}.${randomBytes(6).toString('hex')}${TEMP_SUFFIX}`);
    const handle = await open(temp, 'wx', 0o600);
    let size = 0;
    try {
      const sink = new Writable({
        write(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          writeFully(handle, chunk).then(() => done(), done);
        },
        // Data reaches the disk before the rename publishes it, so a crash never leaves a short blob.
        final(done) {
          handle.sync().then(() => done(), done);
        },
      });
      await pipeline(source, sink, options.signal ? { signal: options.signal } : {});
      await handle.close();
      await rename(temp, target);
    } catch (err) {
      await handle.close().catch(() => undefined);
      await unlink(temp).catch(() => undefined);
      throw err;
    }
    await syncDir(dir);
    return { size };
  }

  get(key: string, range?: ByteRange): Readable {
    const path = this.pathOf(key);
    if (range) checkRange(range);
    return Readable.from(readChunks(path, key, range), { objectMode: false });
  }

  async delete(key: string): Promise<void> {
    try {
      await unlink(this.pathOf(key));
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
  }

  /**
   * Removes temp files older than `olderThanMs` (left by a process killed during `put`) and
   * returns how many. Age guards the temp files of puts still running in other processes.
   */
  async removeStaleTempFiles(olderThanMs = 24 * 60 * 60 * 1000): Promise<number> {
    let entries: Dirent[];
    try {
      entries = await readdir(this.rootDir, { recursive: true, withFileTypes: true });
    } catch (err) {
      if (isNotFound(err)) return 0;
      throw err;
    }
    const cutoff = Date.now() - olderThanMs;
    let removed = 0;
    for (const entry of entries) {
      if (!entry.isFile() || !entry.name.startsWith('.') || !entry.name.endsWith(TEMP_SUFFIX)) continue;
      const path = join(entry.parentPath, entry.name);
      try {
        if ((await stat(path)).mtimeMs >= cutoff) continue;
        await unlink(path);
        removed++;
      } catch (err) {
        // Renamed or removed meanwhile by its own put: nothing to sweep.
        if (!isNotFound(err)) throw err;
      }
    }
    return removed;
  }

  async *list(): AsyncGenerator<BlobEntry> {
    for (const a of await dirEntries(this.rootDir)) {
      if (!a.isDirectory() || !SHARD.test(a.name)) continue;
      for (const b of await dirEntries(join(this.rootDir, a.name))) {
        if (!b.isDirectory() || !SHARD.test(b.name)) continue;
        const dir = join(this.rootDir, a.name, b.name);
        for (const f of await dirEntries(dir)) {
          if (!f.isFile() || !isValidBlobKey(f.name)) continue;
          // Deleted meanwhile: no longer there to list.
          const st = await stat(join(dir, f.name)).catch(() => null);
          if (st) yield { key: f.name, modifiedMs: st.mtimeMs };
        }
      }
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.pathOf(key))).isFile();
    } catch (err) {
      if (isNotFound(err)) return false;
      throw err;
    }
  }
}

async function dirEntries(dir: string): Promise<Dirent[]> {
  try {
    return await readdir(dir, { withFileTypes: true });
  } catch (err) {
    if (isNotFound(err)) return [];
    throw err;
  }
}

async function* readChunks(path: string, key: string, range: ByteRange | undefined): AsyncGenerator<Buffer> {
  let handle: FileHandle;
  try {
    handle = await open(path, 'r');
  } catch (err) {
    if (isNotFound(err)) throw new StorageError('NOT_FOUND', key, `blob ${key} not found`, { cause: err });
    throw err;
  }
  let position = range?.offset ?? 0;
  let left = range?.length ?? Infinity;
  try {
    while (left > 0) {
      const want = Math.min(READ_CHUNK, left);
      const buf = Buffer.allocUnsafe(want);
      const { bytesRead } = await handle.read(buf, 0, want, position);
      if (bytesRead === 0) return;
      position += bytesRead;
      left -= bytesRead;
      yield bytesRead === want ? buf : buf.subarray(0, bytesRead);
    }
  } finally {
    await handle.close();
  }
}

async function writeFully(handle: FileHandle, chunk: Buffer): Promise<void> {
  let done = 0;
  while (done < chunk.length) done += (await handle.write(chunk, done, chunk.length - done)).bytesWritten;
}

async function syncDir(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
