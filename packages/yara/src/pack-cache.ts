import { resolve } from 'node:path';
import { listRuleFiles } from './pack-files.js';
import { loadPack, type Pack, type PackOptions } from './pack.js';

/**
 * Loaded packs keyed by their directories and the size/mtime of every rule file, so a pack is
 * validated once and reloaded only when a file changes (e.g. after `update-packs`). Workers key
 * their compiled rules by `Pack.id`, so an unchanged pack is not recompiled either.
 */
export class PackCache {
  private readonly entries = new Map<string, { fingerprint: string; pack: Promise<Pack> }>();

  async get(options: PackOptions): Promise<Pack> {
    const key = JSON.stringify([options.dirs.map((d) => resolve(d)), options.externals ?? true, options.name ?? '']);
    const fingerprint = listRuleFiles(options.dirs)
      .map((f) => `${f.path}:${f.size}:${f.mtimeMs}`)
      .join('\n');
    const hit = this.entries.get(key);
    if (hit !== undefined && hit.fingerprint === fingerprint) return hit.pack;
    const entry = { fingerprint, pack: loadPack(options) };
    this.entries.set(key, entry);
    // A failed load must not stick in the cache (unless a newer load already replaced it).
    entry.pack.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return entry.pack;
  }
}
