import { mkdir, open, readFile, readdir, rename, rm, stat, writeFile, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { AppError } from '../errors/app-error.js';

/** What is known of a resumable upload besides its bytes. Holds no secret: the data key is wrapped. */
export interface StagedUpload {
  id: string;
  fileName: string;
  /** Plaintext length announced at creation (deferred lengths are not offered). */
  size: number;
  ownerId: string | null;
  encrypted: boolean;
  /** The data key wrapped under the caller's key (base64), when encrypted. */
  wrappedKey: string | null;
  createdAt: string;
  /** Set once the upload became a file: the id every other endpoint knows it by. */
  fileId?: string;
}

/** Upload ids are made by the server; anything else is refused before it reaches a path. */
const ID = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * The node-local directory where resumable uploads wait between requests: `<id>.json` (the
 * state) and `<id>.part` (the bytes so far: ciphertext segments for private uploads, so nothing
 * here is plaintext of private evidence). Finished uploads move to the blob store.
 */
export class UploadStaging {
  constructor(readonly dir: string) {}

  static newId(): string {
    return randomBytes(16).toString('hex');
  }

  partPath(id: string): string {
    return join(this.dir, `${checkId(id)}.part`);
  }

  private statePath(id: string): string {
    return join(this.dir, `${checkId(id)}.json`);
  }

  async create(state: StagedUpload): Promise<void> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    await (await open(this.partPath(state.id), 'wx', 0o600)).close();
    await this.save(state);
  }

  /** The state, or null when there is no such upload (never created, removed or expired). */
  async load(id: string): Promise<StagedUpload | null> {
    try {
      return JSON.parse(await readFile(this.statePath(id), 'utf8')) as StagedUpload;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  /** Written to a temp file and renamed, so a crash never leaves half a state file. */
  async save(state: StagedUpload): Promise<void> {
    const temp = `${this.statePath(state.id)}.${randomBytes(4).toString('hex')}.tmp`;
    await writeFile(temp, JSON.stringify(state), { mode: 0o600 });
    await rename(temp, this.statePath(state.id));
  }

  /** Length of the part file (0 when it is gone). */
  async partLength(id: string): Promise<number> {
    try {
      return (await stat(this.partPath(id))).size;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 0;
      throw err;
    }
  }

  openPart(id: string): Promise<FileHandle> {
    return open(this.partPath(id), 'r+');
  }

  async removePart(id: string): Promise<void> {
    await rm(this.partPath(id), { force: true });
  }

  async remove(id: string): Promise<void> {
    await rm(this.partPath(id), { force: true });
    await rm(this.statePath(id), { force: true });
  }

  /** Removes uploads created before `cutoff` (finished or not) and stray files; returns how many uploads. */
  async removeCreatedBefore(cutoff: Date): Promise<number> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 0;
      throw err;
    }
    let removed = 0;
    for (const name of names) {
      const id = name.replace(/\.(json|part)$/, '');
      if (name.endsWith('.json') && ID.test(id)) {
        const state = await this.load(id).catch(() => null);
        if (state && new Date(state.createdAt) >= cutoff) continue;
        await this.remove(id);
        removed++;
      } else if ((name.endsWith('.part') && ID.test(id) && !names.includes(`${id}.json`)) || name.endsWith('.tmp')) {
        // A part without state (crash between the two writes) or a temp file: older than the cutoff only.
        const path = join(this.dir, name);
        const mtime = (await stat(path).catch(() => null))?.mtime;
        if (mtime && mtime < cutoff) await rm(path, { force: true });
      }
    }
    return removed;
  }
}

function checkId(id: string): string {
  if (!ID.test(id)) throw new AppError('NOT_FOUND', 'Upload not found');
  return id;
}
