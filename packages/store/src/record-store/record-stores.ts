import { randomBytes } from 'node:crypto';
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FileLease, SharedFiles } from '@quarry/storage';
import { PARSE_CATEGORIES, type ParseCategory } from '@quarry/vocabulary';
import { openDatabase, type Db } from './database.js';
import { belongsTo, checkJobId, jobOfStore, storeName } from './paths.js';
import { RecordStoreReader } from './reader.js';
import { shapeFor } from './rows/shapes.js';
import type { EventTemplateSource, RowShape } from './rows/shape.js';
import { checkMeta } from './schema.js';
import { storeKey } from './store-key.js';
import { RecordStoreWriter, type WriterOptions } from './writer.js';

export interface RecordWriterOptions<C extends ParseCategory> extends WriterOptions<C> {
  /** Message templates for the EVTX Message column (e.g. from the lookup data's event_id module). */
  eventTemplates?: EventTemplateSource;
}

/**
 * The per-job record stores: one database file per parse job, built once on the worker that ran
 * the job, published as a shared file (`<jobId>.<category>.db`: a local directory, or the object
 * store with a bounded cache on each node that reads it) and then only read. A private job's store
 * (a job key is given) is encrypted under a key derived from the job key before it leaves the
 * writer's thread, so only ciphertext is published, uploaded and cached.
 */
export class RecordStores {
  constructor(readonly files: SharedFiles) {}

  /**
   * A record sink that builds the job's store in a scratch file and publishes it on close(), so a
   * store is either complete or absent; abort() deletes the scratch file.
   */
  writer<C extends ParseCategory>(jobId: string, category: C, jobKey: Buffer | null, options: RecordWriterOptions<C> = {}): RecordStoreWriter<C> {
    const name = storeName(jobId, category);
    const built = join(this.files.scratchDir, `${name}.${randomBytes(6).toString('hex')}`);
    return new PublishingWriter(this.files, name, built, shapeFor(category, options.eventTemplates), jobKey ? storeKey(jobKey, jobId) : null, options);
  }

  /**
   * The job's store for reading, or null when it has none (never written, failed, removed). On a
   * node with a cache this may download it first. Throws RecordStoreError 'wrong-key' when the key
   * does not open it (also: a private store without key, or a key for a public one), never
   * returning garbage. Close the reader when done: the local copy is kept until then.
   */
  async open<C extends ParseCategory>(jobId: string, category: C, jobKey: Buffer | null): Promise<RecordStoreReader<C> | null> {
    const lease = await this.files.acquire(storeName(jobId, category));
    if (!lease) return null;
    let db: Db;
    try {
      db = openChecked(lease.path, jobId, category, jobKey);
    } catch (err) {
      lease.release();
      throw err;
    }
    return new LeasedReader(db, shapeFor(category), lease);
  }

  /** Deletes every store of the job (everywhere this node reaches) and this node's unfinished builds of it. Idempotent. */
  async remove(jobId: string): Promise<void> {
    checkJobId(jobId);
    await Promise.all(PARSE_CATEGORIES.map((category) => this.files.delete(storeName(jobId, category))));
    await this.removeBuilds((name) => belongsTo(name, jobId));
  }

  /** Every published store's job, with the store's publication time (a job with several categories comes once per store). */
  async *published(): AsyncGenerator<{ jobId: string; modifiedMs: number }> {
    for await (const { name, modifiedMs } of this.files.list()) {
      const jobId = jobOfStore(name);
      if (jobId) yield { jobId, modifiedMs };
    }
  }

  /**
   * Deletes unfinished builds last written before `cutoffMs` (a process killed mid-job leaves
   * them; a retried job builds anew) and returns how many. The age spares builds under way on
   * nodes sharing the scratch directory.
   */
  async removeStaleBuilds(cutoffMs: number): Promise<number> {
    return this.removeBuilds(async (name, path) => ((await stat(path).catch(() => null))?.mtimeMs ?? Infinity) < cutoffMs);
  }

  private async removeBuilds(which: (name: string, path: string) => boolean | Promise<boolean>): Promise<number> {
    let names: string[];
    try {
      names = await readdir(this.files.scratchDir);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 0;
      throw err;
    }
    let removed = 0;
    for (const name of names) {
      const path = join(this.files.scratchDir, name);
      if (!(await which(name, path))) continue;
      await rm(path, { force: true });
      removed++;
    }
    return removed;
  }
}

/**
 * The writer as it is, plus publication: its own close() leaves the finished, synced file at
 * `built` (in the scratch directory), which is then handed to the shared files.
 */
class PublishingWriter<C extends ParseCategory> extends RecordStoreWriter<C> {
  readonly #files: SharedFiles;
  readonly #name: string;
  readonly #built: string;

  constructor(files: SharedFiles, name: string, built: string, shape: RowShape<C>, key: string | null, options: WriterOptions<C>) {
    super(shape, key, `${built}.tmp`, built, options);
    this.#files = files;
    this.#name = name;
    this.#built = built;
  }

  override async close(): Promise<void> {
    await super.close();
    try {
      await this.#files.publish(this.#name, this.#built);
    } catch (err) {
      await rm(this.#built, { force: true });
      throw err;
    }
  }

  override async abort(): Promise<void> {
    await super.abort();
    await rm(this.#built, { force: true });
  }
}

function openChecked(path: string, jobId: string, category: ParseCategory, jobKey: Buffer | null): Db {
  const db = openDatabase(path, jobKey ? storeKey(jobKey, jobId) : null);
  try {
    checkMeta(db, category);
  } catch (err) {
    db.close();
    throw err;
  }
  return db;
}

/**
 * A second reader of a store another reader has open (its `file`), e.g. on a worker thread: the
 * first reader's lease keeps the local copy, so close this one before that one.
 */
export function openStoreFile<C extends ParseCategory>(file: string, jobId: string, category: C, jobKey: Buffer | null): RecordStoreReader<C> {
  return new RecordStoreReader(openChecked(file, jobId, category, jobKey), shapeFor(category), file);
}

/** A reader that holds its store's local copy until closed. */
class LeasedReader<C extends ParseCategory> extends RecordStoreReader<C> {
  readonly #lease: FileLease;

  constructor(db: Db, shape: RowShape<C>, lease: FileLease) {
    super(db, shape, lease.path);
    this.#lease = lease;
  }

  override close(): void {
    super.close();
    this.#lease.release();
  }
}
