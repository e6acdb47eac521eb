import type { HiveType } from '@quarry/registry';
import type { InputRef } from '../../pipeline/input.js';
import type { SlimKey } from './slim-key.js';

/** What the analyzers need to know about a hive, without keeping the hive itself. */
export interface HiveInfo {
  input: InputRef;
  /** Input name, or member path inside a zip. */
  name: string;
  /** Member path inside a zip input, null for a plain hive. */
  member: string | null;
  type: HiveType;
  /** File name embedded in the base block (`\??\C:\Users\joe\ntuser.dat`); "" when absent. */
  embeddedName: string;
  dirtyWithoutLogs: boolean;
}

const CCS = /^ccs(?=\\|$)/i;

/**
 * The kept keys of one hive, looked up by relative path case-insensitively. A path may hold a live
 * key and deleted copies recovered from free space. In a SYSTEM hive, a path starting `CCS\` means
 * the current control set (Select\Current, INSIGHTS.md "CCS").
 */
export class HiveKeys {
  private readonly byPath = new Map<string, SlimKey[]>();
  private readonly byParent = new Map<string, SlimKey[]>();

  constructor(readonly info: HiveInfo) {}

  add(key: SlimKey): void {
    const lower = key.path.toLowerCase();
    push(this.byPath, lower, key);
    const cut = lower.lastIndexOf('\\');
    push(this.byParent, cut < 0 ? '' : lower.slice(0, cut), key);
  }

  /** Number of the current control set: Select\Current, else the lowest ControlSet00n kept, else 1. */
  get currentControlSet(): number {
    const select = this.byPath.get('select')?.find((k) => !k.deleted);
    const current = select?.values.find((v) => v.name.toLowerCase() === 'current')?.data;
    if (typeof current === 'number' && current > 0) return current;
    const sets = this.controlSets();
    return sets.length > 0 ? Math.min(...sets) : 1;
  }

  /** Numbers of the ControlSet00n keys under which some key was kept, ascending. */
  controlSets(): number[] {
    const sets = new Set<number>();
    for (const p of this.byPath.keys()) {
      const n = /^controlset(\d{3})(?:\\|$)/.exec(p)?.[1];
      if (n !== undefined) sets.add(Number(n));
    }
    return [...sets].sort((a, b) => a - b);
  }

  /** `CCS\…` resolved to `ControlSet00n\…`; other paths unchanged, lower case. */
  resolve(path: string): string {
    return path.replace(CCS, `controlset${String(this.currentControlSet).padStart(3, '0')}`).toLowerCase();
  }

  /** The live key at a path, else its newest deleted copy. */
  key(path: string): SlimKey | undefined {
    const all = this.byPath.get(this.resolve(path));
    return all?.find((k) => !k.deleted) ?? all?.[0];
  }

  /** Every kept key at a path, live first. */
  keys(path: string): SlimKey[] {
    return [...(this.byPath.get(this.resolve(path)) ?? [])].sort((a, b) => Number(a.deleted) - Number(b.deleted));
  }

  /** Kept subkeys of a path (live and deleted), in the order they were walked. */
  children(path: string): SlimKey[] {
    return this.byParent.get(this.resolve(path)) ?? [];
  }

  /** Kept keys at or below a path, in walk order. */
  under(path: string): SlimKey[] {
    const root = this.resolve(path);
    const out: SlimKey[] = [];
    for (const [p, keys] of this.byPath) if (p === root || p.startsWith(root + '\\')) out.push(...keys);
    return out;
  }
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
