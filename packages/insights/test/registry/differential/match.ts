import { closeSync, openSync, readdirSync, readSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import type { Insight } from '../../../src/index.js';
import type { ArtifactComparison, HiveUnderTest } from './comparator.js';

/** One entry either side: `key` pairs the sides up (several entries may share one), `value` must then be equal. */
export interface Entry {
  key: string;
  value: string;
  /** Our row came from a key or value recovered from free space (its Deleted cell is "yes"). */
  deleted?: boolean;
  /** Our row's key Last Write cell, for entries a transaction log may have changed. */
  written?: string;
}

/** regipy and regfexport read live cells only: an entry we recovered from free space has no peer. */
export const recovered = (ours: Entry | null, theirs: Entry | null): string | null =>
  ours?.deleted && !theirs ? 'recovered from free space (Deleted = yes); the reference reads live keys and values only' : null;

/** Why a difference is right (with the evidence), or null when nobody knows: then it fails the test. */
export type Explain = (ours: Entry | null, theirs: Entry | null) => string | null;

/**
 * Pairs entries by key (in order when a key repeats), counts equal pairs, and sorts every
 * difference into explained or unexplained. An entry only one side has is a difference too.
 */
export function compareEntries(
  artifact: string,
  hive: HiveUnderTest,
  ours: Entry[],
  theirs: Entry[],
  explain: Explain,
  alike?: (ours: Entry, theirs: Entry) => boolean,
): ArtifactComparison {
  const out: ArtifactComparison = { artifact, hive: hive.label, compared: 0, equal: 0, explained: [], unexplained: [] };
  const group = (es: Entry[]): Map<string, Entry[]> => {
    const m = new Map<string, Entry[]>();
    for (const e of es) m.set(e.key, [...(m.get(e.key) ?? []), e]);
    return m;
  };
  const a = group(ours);
  const b = group(theirs);
  for (const key of new Set([...a.keys(), ...b.keys()])) {
    const xs = [...(a.get(key) ?? [])];
    const ys = [...(b.get(key) ?? [])];
    // Equal values first, so repeated keys pair up with their twins whatever their order.
    for (let i = xs.length - 1; i >= 0; i--) {
      const j = ys.findIndex((y) => y.value === xs[i]!.value);
      if (j < 0) continue;
      out.compared++;
      out.equal++;
      xs.splice(i, 1);
      ys.splice(j, 1);
    }
    // Then entries the comparator says are one entry shown differently, so a difference is explained against its own peer.
    const pairs: [Entry | null, Entry | null][] = [];
    const xsLeft: Entry[] = [];
    for (const x of xs) {
      const j = alike ? ys.findIndex((y) => alike(x, y)) : -1;
      if (j >= 0) pairs.push([x, ys.splice(j, 1)[0]!]);
      else xsLeft.push(x);
    }
    for (let i = 0; i < Math.max(xsLeft.length, ys.length); i++) pairs.push([xsLeft[i] ?? null, ys[i] ?? null]);
    for (const [x, y] of pairs) {
      out.compared++;
      const why = explain(x, y);
      if (why) out.explained.push({ key, why });
      else out.unexplained.push({ key, ours: x?.value ?? null, theirs: y?.value ?? null });
    }
  }
  return out;
}

/** A Table insight's rows as objects keyed by column name; only rows of this hive (Hive cell = its file name) when the table has a Hive column. */
export function rowsOf(insights: Insight[], title: string, hive: HiveUnderTest): Record<string, string>[] {
  const t = insights.find((i) => 'Table' in i && i.Table.title === title);
  if (!t || !('Table' in t)) return [];
  const [head, ...rows] = t.Table.data;
  const objs = rows.map((r) => Object.fromEntries(head!.map((h, i) => [h, r[i] ?? ''])));
  const name = basename(hive.path);
  return objs.filter((r) => r['Hive'] === undefined || r['Hive'] === name || r['Hive'].endsWith(`!${name}`) || r['Hive'].endsWith(`/${name}`));
}

/** regipy prints times as `2018-03-27T12:11:32.021204+00:00`; our cells as `2018-03-27 12:11:32.021 UTC`. */
export function refTime(t: unknown): string {
  if (typeof t !== 'string' || t === '') return '';
  const m = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}:\d{2})(?:\.(\d+))?/.exec(t);
  return m ? `${m[1]} ${m[2]}.${(m[3] ?? '').padEnd(3, '0').slice(0, 3)} UTC` : '';
}

/** A regipy plugin's entries from the comparator input (an empty list when the plugin gave none). */
export function pluginEntries<T>(regipy: Record<string, unknown>, plugin: string): T[] {
  const v = regipy[plugin];
  return Array.isArray(v) ? (v as T[]) : [];
}

/**
 * When our side replayed transaction logs the reference never reads: the primary file's base
 * block timestamp (offset 12) as a cell, if the primary is dirty (sequence numbers at 4 and 8
 * differ) and a .LOG1/.LOG2 lies beside it; else null.
 */
export function replayedAfter(path: string): string | null {
  const head = Buffer.alloc(20);
  const fd = openSync(path, 'r');
  try {
    readSync(fd, head, 0, 20, 0);
  } finally {
    closeSync(fd);
  }
  if (head.toString('latin1', 0, 4) !== 'regf' || head.readUInt32LE(4) === head.readUInt32LE(8)) return null;
  // Log names differ in case from their hive's (transactions_NTUSER.DAT beside transactions_ntuser.dat.log1).
  const logs = new Set([`${basename(path)}.log1`, `${basename(path)}.log2`].map((n) => n.toLowerCase()));
  if (!readdirSync(dirname(path)).some((n) => logs.has(n.toLowerCase()))) return null;
  const ms = Number(head.readBigUInt64LE(12) / 10_000n - 11_644_473_600_000n);
  const iso = new Date(ms).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 23)} UTC`;
}

/** A difference in a key our side has from the logs: written after the primary file's last write. */
export const fromLog =
  (after: string | null): Explain =>
  (ours) =>
    after && ours?.written && ours.written > after
      ? `key written ${ours.written}, after the primary file's last write ${after}: it comes from the transaction log we replay and the reference does not read`
      : null;
