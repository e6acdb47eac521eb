import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, mkdirSync } from 'node:fs';
import { copyFile, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { BlobStore } from '../blob-store.js';
import { StorageError } from '../errors.js';
import { assertFileName, type FileLease, type SharedFile, type SharedFiles } from './shared-files.js';

export interface FileCacheOptions {
  /** Where files are published: an object store whose key grammar accepts file names. */
  remote: BlobStore;
  /** The local copies (and `.scratch/` for files being built). Give each process its own. */
  dir: string;
  /** Local bytes kept; least recently used unleased files are evicted past it. */
  maxBytes: number;
}

interface Entry {
  size: number;
  leases: number;
}

// Downloads interrupted by a crash leave `.name.<hex>.tmp`; swept at start once this old.
const STALE_TEMP_MS = 60 * 60 * 1000;
const TEMP = /^\..*\.tmp$/;

/**
 * Shared files kept in an object store and cached on local disk on demand, within `maxBytes`,
 * least recently used first out. A leased file is never evicted (the bound is exceeded instead
 * while every file is in use), so a reader's path stays valid until it releases it. Files are
 * written once and never changed in place, so a cached copy needs no revalidation.
 */
export class FileCache implements SharedFiles {
  readonly scratchDir: string;
  private readonly remote: BlobStore;
  private readonly dir: string;
  private readonly maxBytes: number;
  /** Insertion order is recency: a use moves the entry to the end. */
  private readonly entries = new Map<string, Entry>();
  private readonly downloads = new Map<string, Promise<boolean>>();
  private total = 0;
  private readonly started: Promise<void>;

  constructor(options: FileCacheOptions) {
    this.remote = options.remote;
    this.dir = options.dir;
    this.maxBytes = options.maxBytes;
    this.scratchDir = join(options.dir, '.scratch');
    mkdirSync(this.scratchDir, { recursive: true, mode: 0o700 });
    this.started = this.adoptExisting();
    // Handled here so a failure before first use is not an unhandled rejection; every method awaits it.
    this.started.catch(() => undefined);
  }

  /** Local bytes held now (tests, metrics). */
  get cachedBytes(): number {
    return this.total;
  }

  async publish(name: string, localFile: string): Promise<void> {
    assertFileName(name);
    await this.started;
    const { size } = await stat(localFile);
    // Remote first: a file in the cache always exists in the object store too.
    await this.remote.put(name, createReadStream(localFile));
    this.forget(name);
    await moveFile(localFile, this.pathOf(name));
    this.admit(name, size);
    await this.evict();
  }

  async acquire(name: string): Promise<FileLease | null> {
    assertFileName(name);
    await this.started;
    // An eviction can slip in between a download and our lease: fetch again, a bounded few times.
    for (let attempt = 0; attempt < 3; attempt++) {
      const entry = this.entries.get(name);
      if (entry) {
        const onDisk = await isFile(this.pathOf(name));
        if (this.entries.get(name) !== entry) continue;
        if (onDisk) {
          const lease = this.lease(name, entry);
          // Evicting only once the new file is leased: it never pushes itself out.
          await this.evict().catch(() => undefined);
          return lease;
        }
        // Gone from disk behind our back (another process sharing the directory): fetch anew.
        this.forget(name);
      }
      if (!(await this.download(name))) return null;
    }
    throw new StorageError(
      'UNAVAILABLE',
      name,
      `file ${name} was evicted as soon as fetched: the cache (${this.maxBytes} bytes) is too small for the files in use`,
    );
  }

  async delete(name: string): Promise<void> {
    assertFileName(name);
    await this.started;
    await this.remote.delete(name);
    // A reader holding it keeps its open descriptor; new acquirers find it gone everywhere.
    this.forget(name);
    await rm(this.pathOf(name), { force: true });
  }

  /** Copies whose object is gone (one HEAD each) are dropped; `delete` on this node drops its own at once. */
  async dropDeleted(): Promise<number> {
    await this.started;
    let dropped = 0;
    for (const [name, entry] of [...this.entries]) {
      if (entry.leases > 0 || (await this.remote.exists(name))) continue;
      // Leased, republished or dropped while we asked: not ours to drop now.
      if (this.entries.get(name) !== entry || entry.leases > 0) continue;
      this.forget(name);
      await rm(this.pathOf(name), { force: true });
      dropped++;
    }
    return dropped;
  }

  async *list(): AsyncGenerator<SharedFile> {
    for await (const { key, modifiedMs } of this.remote.list()) yield { name: key, modifiedMs };
  }

  private pathOf(name: string): string {
    return join(this.dir, name);
  }

  private lease(name: string, entry: Entry): FileLease {
    this.entries.delete(name);
    this.entries.set(name, entry);
    entry.leases++;
    let released = false;
    return {
      path: this.pathOf(name),
      release: () => {
        if (released) return;
        released = true;
        entry.leases--;
        this.evict().catch(() => undefined);
      },
    };
  }

  /** One download per name at a time; later callers wait for the first. False: not in the store. */
  private download(name: string): Promise<boolean> {
    let pending = this.downloads.get(name);
    if (!pending) {
      pending = this.fetch(name).finally(() => this.downloads.delete(name));
      this.downloads.set(name, pending);
    }
    return pending;
  }

  private async fetch(name: string): Promise<boolean> {
    const temp = join(this.dir, `.${name}.${randomBytes(6).toString('hex')}.tmp`);
    try {
      await pipeline(this.remote.get(name), createWriteStream(temp, { flags: 'wx', mode: 0o600 }));
      const { size } = await stat(temp);
      await rename(temp, this.pathOf(name));
      this.admit(name, size);
    } catch (err) {
      await rm(temp, { force: true });
      if (err instanceof StorageError && err.code === 'NOT_FOUND') return false;
      throw err;
    }
    return true;
  }

  private admit(name: string, size: number): void {
    this.forget(name);
    this.entries.set(name, { size, leases: 0 });
    this.total += size;
  }

  private forget(name: string): void {
    const entry = this.entries.get(name);
    if (!entry) return;
    this.entries.delete(name);
    this.total -= entry.size;
  }

  /** Victims are chosen and forgotten synchronously, so no lease can be taken on one meanwhile. */
  private async evict(): Promise<void> {
    const victims: string[] = [];
    for (const [name, entry] of this.entries) {
      if (this.total <= this.maxBytes) break;
      if (entry.leases > 0) continue;
      this.forget(name);
      victims.push(name);
    }
    await Promise.all(victims.map((name) => rm(this.pathOf(name), { force: true })));
  }

  /** Files left by an earlier run are kept (oldest use first) rather than fetched again. */
  private async adoptExisting(): Promise<void> {
    const found: { name: string; size: number; used: number }[] = [];
    for (const name of await readdir(this.dir)) {
      const path = this.pathOf(name);
      const info = await stat(path).catch(() => null);
      if (!info?.isFile()) continue;
      if (TEMP.test(name)) {
        if (Date.now() - info.mtimeMs > STALE_TEMP_MS) await rm(path, { force: true });
        continue;
      }
      found.push({ name, size: info.size, used: Math.max(info.atimeMs, info.mtimeMs) });
    }
    for (const { name, size } of found.sort((a, b) => a.used - b.used)) this.admit(name, size);
    await this.evict();
  }
}

async function isFile(path: string): Promise<boolean> {
  return (await stat(path).catch(() => null))?.isFile() ?? false;
}

/** A rename, or a copy when the file comes from another filesystem. */
async function moveFile(from: string, to: string): Promise<void> {
  try {
    await rename(from, to);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
    await copyFile(from, to);
    await rm(from, { force: true });
  }
}
