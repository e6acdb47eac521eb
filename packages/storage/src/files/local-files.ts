import { mkdirSync } from 'node:fs';
import { open, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { assertFileName, isFileName, type FileLease, type SharedFile, type SharedFiles } from './shared-files.js';

/**
 * Shared files in one directory (a local disk for a single node, or a volume every node mounts):
 * publishing is a rename, acquiring is the path itself. No cache, no copies.
 */
export class LocalFiles implements SharedFiles {
  readonly scratchDir: string;

  constructor(readonly dir: string) {
    this.scratchDir = join(dir, '.scratch');
    mkdirSync(this.scratchDir, { recursive: true, mode: 0o700 });
  }

  async publish(name: string, localFile: string): Promise<void> {
    assertFileName(name);
    // Renamed within one filesystem: readers see the old file or the new one, never a part.
    await rename(localFile, join(this.dir, name));
    const handle = await open(this.dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  }

  async acquire(name: string): Promise<FileLease | null> {
    assertFileName(name);
    const path = join(this.dir, name);
    try {
      if (!(await stat(path)).isFile()) return null;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
    return { path, release: () => undefined };
  }

  async delete(name: string): Promise<void> {
    assertFileName(name);
    await rm(join(this.dir, name), { force: true });
  }

  /** One directory for every node: a deleted file is gone for all. */
  async dropDeleted(): Promise<number> {
    return 0;
  }

  async *list(): AsyncGenerator<SharedFile> {
    for (const entry of await readdir(this.dir, { withFileTypes: true })) {
      if (!entry.isFile() || !isFileName(entry.name)) continue;
      // Deleted meanwhile: no longer there to list.
      const st = await stat(join(this.dir, entry.name)).catch(() => null);
      if (st) yield { name: entry.name, modifiedMs: st.mtimeMs };
    }
  }
}
