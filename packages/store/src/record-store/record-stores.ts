import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { ParseCategory } from '@quarry/vocabulary';
import { openDatabase } from './database.js';
import { belongsTo, checkJobId, storePath } from './paths.js';
import { RecordStoreReader } from './reader.js';
import { shapeFor } from './rows/shapes.js';
import type { EventTemplateSource } from './rows/shape.js';
import { checkMeta } from './schema.js';
import { storeKey } from './store-key.js';
import { RecordStoreWriter, type WriterOptions } from './writer.js';

export interface RecordWriterOptions<C extends ParseCategory> extends WriterOptions<C> {
  /** Message templates for the EVTX Message column (e.g. from the lookup data's event_id module). */
  eventTemplates?: EventTemplateSource;
}

/**
 * The per-job record stores of one directory: one database file per parse job, written once by
 * the job's pipeline and then only read. A private job's store (a job key is given) is encrypted
 * under a key derived from the job key; a public job's is plain.
 */
export class RecordStores {
  constructor(readonly dir: string) {}

  /**
   * A record sink that builds the job's store in a temporary file and publishes it on close(), by
   * rename, so a store is either complete or absent; abort() deletes the temporary file.
   */
  writer<C extends ParseCategory>(jobId: string, category: C, jobKey: Buffer | null, options: RecordWriterOptions<C> = {}): RecordStoreWriter<C> {
    mkdirSync(this.dir, { recursive: true });
    const final = storePath(this.dir, jobId, category);
    const temp = `${final}.tmp-${randomBytes(6).toString('hex')}`;
    // The file is created and built on the writer's own thread (see RecordStoreWriter).
    return new RecordStoreWriter(shapeFor(category, options.eventTemplates), jobKey ? storeKey(jobKey, jobId) : null, temp, final, options);
  }

  /**
   * The job's store for reading, or null when it has none (never written, failed, removed). Throws
   * RecordStoreError 'wrong-key' when the key does not open it (also: a private store without key,
   * or a key for a public one), never returning garbage. Close the reader when done.
   */
  open<C extends ParseCategory>(jobId: string, category: C, jobKey: Buffer | null): RecordStoreReader<C> | null {
    const path = storePath(this.dir, jobId, category);
    if (!existsSync(path)) return null;
    const db = openDatabase(path, jobKey ? storeKey(jobKey, jobId) : null);
    try {
      checkMeta(db, category);
    } catch (err) {
      db.close();
      throw err;
    }
    return new RecordStoreReader(db, shapeFor(category));
  }

  /** Deletes every store file of the job, finished or not. Idempotent. */
  async remove(jobId: string): Promise<void> {
    checkJobId(jobId);
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw err;
    }
    await Promise.all(names.filter((n) => belongsTo(n, jobId)).map((n) => rm(join(this.dir, n), { force: true })));
  }
}

/**
 * The record stores beside a local blob store: `<blobDir>/record-stores` (blob keys are two-level
 * hex paths, so the name never collides). API and worker nodes must agree on it.
 */
export const recordStoresBeside = (blobDir: string): RecordStores => new RecordStores(join(blobDir, 'record-stores'));
