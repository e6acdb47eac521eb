import type { RegistryKey } from '../../src/index.js';

export interface KeyDiff {
  removed: string[];
  added: string[];
  /** Keys in both whose last-write time or value count differs: `path: before -> after, N -> M values`. */
  changed: string[];
}

/** What turns one walk into another, by key path, to pin a known difference exactly. */
export function keyDiff(before: RegistryKey[], after: RegistryKey[]): KeyDiff {
  const old = new Map(before.map((k) => [k.path, k]));
  const now = new Set(after.map((k) => k.path));
  const changed: string[] = [];
  for (const k of after) {
    const o = old.get(k.path);
    if (o && (o.lastWrite !== k.lastWrite || o.values.length !== k.values.length)) {
      changed.push(`${k.path}: ${o.lastWrite} -> ${k.lastWrite}, ${o.values.length} -> ${k.values.length} values`);
    }
  }
  return {
    removed: before.filter((k) => !now.has(k.path)).map((k) => k.path),
    added: after.filter((k) => !old.has(k.path)).map((k) => k.path),
    changed,
  };
}
