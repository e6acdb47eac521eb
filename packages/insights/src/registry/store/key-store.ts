import type { HiveType } from '@quarry/registry';
import type { HiveRef, RegistryRecord } from '../../pipeline/records.js';
import { HiveKeys } from './hive-keys.js';
import { slimKey } from './slim-key.js';

/**
 * Key paths an analyzer wants, relative to the hive root: `*` is one key name, a trailing `**`
 * any depth below (the key itself included), `CCS` any ControlSet00n (the current one is picked
 * at the end, once Select has been seen).
 */
export type KeyPatterns = Partial<Record<HiveType, readonly string[]>>;

function toRegExp(pattern: string): string {
  const parts = pattern.split('\\');
  let deep = false;
  if (parts.at(-1) === '**') {
    parts.pop();
    deep = true;
  }
  const body = parts.map((p) => (p === '*' ? '[^\\\\]+' : p === 'CCS' ? 'controlset\\d{3}' : p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('\\\\');
  return deep ? `${body}(?:\\\\.*)?` : body;
}

/**
 * The registry keys of a job that any of its analyzers asked for, per hive. Records stream in hive
 * by hive while correlation needs every hive, so keys are kept until the end; only keys under
 * wanted paths are kept, as copies (see slimKey), which bounds memory. One store serves all the
 * analyzers of a job: each pushes every record, the store reads each record once.
 */
export class KeyStore {
  private readonly wanted = new Map<HiveType, string[]>();
  private compiled: Map<HiveType, RegExp> | null = null;
  private readonly hives = new Map<HiveRef, HiveKeys>();
  private last: RegistryRecord | null = null;
  private latest: string | null = null;
  private readonly now = new Date().toISOString();

  want(patterns: KeyPatterns): void {
    for (const [type, list] of Object.entries(patterns) as [HiveType, string[]][]) {
      this.wanted.set(type, [...(this.wanted.get(type) ?? []), ...list]);
    }
    this.compiled = null;
  }

  add(record: RegistryRecord): void {
    if (record === this.last) return;
    this.last = record;
    const { hive, key } = record;
    let keys = this.hives.get(hive);
    if (!keys) {
      keys = new HiveKeys({
        input: hive.input,
        name: hive.name,
        member: hive.member,
        type: hive.type,
        embeddedName: hive.hive.baseBlock.fileName,
        dirtyWithoutLogs: hive.dirtyWithoutLogs,
      });
      this.hives.set(hive, keys);
    }
    // Live keys were stamped by the system's clock; deleted ones may be any bytes.
    if (!key.deleted && key.lastWrite !== null && key.lastWrite <= this.now && (this.latest === null || key.lastWrite > this.latest))
      this.latest = key.lastWrite;
    // Deleted keys whose parents are gone cannot be placed on a path.
    if (key.path.startsWith('<orphan>')) return;
    const cut = key.path.indexOf('\\');
    const rel = cut < 0 ? '' : key.path.slice(cut + 1);
    if (this.regExp(hive.type)?.test(rel)) keys.add(slimKey(key, rel));
  }

  /**
   * The job's collection time for the plausibility guard: the newest last-write time of a live key
   * (ISO), no later than now. The base block's own time is no use: hives copied from an install
   * image keep it for years while their keys change (docs/api-decisions.md).
   */
  latestWrite(): string | null {
    return this.latest;
  }

  /** Every hive seen, in job order (input position, then member order). */
  all(): HiveKeys[] {
    return [...this.hives.values()];
  }

  ofType(type: HiveType): HiveKeys[] {
    return this.all().filter((h) => h.info.type === type);
  }

  private regExp(type: HiveType): RegExp | undefined {
    if (!this.compiled) {
      this.compiled = new Map();
      for (const [t, list] of this.wanted) this.compiled.set(t, new RegExp(`^(?:${list.map(toRegExp).join('|')})$`, 'i'));
    }
    return this.compiled.get(type);
  }
}
