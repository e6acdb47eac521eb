// The text-index task of a RecordStoreWriter: builds the store's trigram index (schema.ts `fts`) in
// a file of its own, on a thread of its own, from the text-group documents the writer task sends
// it; the writer task then copies it into the store (index-attach.ts). Loaded from dist, as
// write-task.ts is; imports nothing outside this directory but libsql.
import type { MessagePort } from 'node:worker_threads';
import { createDatabase, type Db } from './database.js';
import { createTextIndex } from './schema.js';
import { threadCpuSeconds } from './thread-cpu.js';
import type { FromIndex, IndexInit, ToIndex } from './write-protocol.js';

export interface BuildIndexTask {
  init: IndexInit;
  /** Documents come in here from the writer task, and the answer to its `close` goes back. */
  port: MessagePort;
}

/** Builds the index from the documents sent through `port`; resolves once its file is closed (or given up). */
export function buildIndex({ init, port }: BuildIndexTask): Promise<void> {
  const cpuAtStart = threadCpuSeconds();
  let db: Db | undefined;
  let insert: ReturnType<Db['prepare']> | undefined;
  let failure: unknown;
  try {
    db = createDatabase(init.path, init.key);
    createTextIndex(db);
    insert = db.prepare('INSERT INTO fts (rowid, text) VALUES (?, ?)');
    // One transaction: the pending terms are flushed once, as one segment (createTextIndex).
    db.exec('BEGIN');
  } catch (err) {
    failure = err;
  }
  const closeQuietly = (): void => {
    try {
      if (db?.open) db.close();
    } catch {
      // Only releases the file; its owner deletes it.
    }
  };

  return new Promise<void>((resolve) => {
    const end = (): void => {
      port.close();
      resolve();
    };
    // The writer task went away without a word (its thread ended): the file is left to be discarded.
    port.once('close', () => {
      closeQuietly();
      resolve();
    });
    port.on('message', (m: ToIndex) => {
      if (m.type === 'abort') {
        closeQuietly();
        end();
        return;
      }
      try {
        if (failure !== undefined) throw failure;
        if (m.type === 'docs') {
          for (const doc of m.docs) insert!.run(doc);
          return;
        }
        db!.exec('COMMIT');
        // One segment per trigram makes every search read one doclist instead of dozens.
        db!.exec("INSERT INTO fts (fts) VALUES ('optimize')");
        db!.close();
        reply(port, { type: 'done', cpuSeconds: threadCpuSeconds() - cpuAtStart });
        end();
      } catch (err) {
        // Kept until the writer task asks for the index (its `close`), which then fails.
        failure ??= err;
        if (m.type !== 'close') return;
        const e = err as { message?: unknown; stack?: unknown };
        closeQuietly();
        reply(port, { type: 'error', message: String(e?.message ?? err), stack: typeof e?.stack === 'string' ? e.stack : undefined });
        end();
      }
    });
  });
}

function reply(port: MessagePort, m: FromIndex): void {
  port.postMessage(m);
}
