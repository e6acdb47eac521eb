import type { ArtifactComparison, Comparator } from './comparator.js';
import { allExplained, comparison, compareKeyed, pluginOutput, refTime, rowsOf } from './evidence.js';

/** One ShimCache entry as both sides are compared: path without `\??\`, time as our cell, executed flag where recorded. */
export interface ShimSide {
  path: string;
  time: string;
  executed: boolean | null;
}

/**
 * regipy failures seen on real values, with the evidence: an entry list that only regipy lacks
 * because of one of these is explained, any other failure is not.
 */
const KNOWN_REGIPY_FAILURES: { pattern: RegExp; why: string }[] = [
  {
    pattern: /Invalid version magic tag found: 0\b/,
    why: "regipy's ShimCacheParser (read_win8_entries / read_win10_entries) reads entries until the value's end and raises on the zero bytes after the last one, losing every entry; Eric Zimmerman's AppCompatCacheParser stops at the first non-entry signature, as we do",
  },
];

const key = (s: ShimSide): string => `${s.path}|${s.time}`;

/** regipy's shimcache entries (every control set, repeated) as sides, deduplicated as our table is. */
export function regipySides(entries: unknown): Map<string, ShimSide> {
  const out = new Map<string, ShimSide>();
  for (const e of Array.isArray(entries) ? (entries as Record<string, unknown>[]) : []) {
    const side: ShimSide = {
      path: String(e['path'] ?? '').replace(/^\\\?\?\\/, ''),
      // XP entries carry last_mod_time; every other layout last_mod_date.
      time: refTime(e['last_mod_date'] ?? e['last_mod_time']),
      executed: e['exec_flag'] === undefined ? null : e['exec_flag'] === 'True',
    };
    out.set(key(side), side);
  }
  return out;
}

/** Our entries against regipy's (or regipy's failure), entry by entry. */
export function compareShimSides(result: ArtifactComparison, ours: ShimSide[], theirs: unknown, error: string | null): ArtifactComparison {
  const mine = new Map(ours.map((s) => [key(s), s]));
  if (error !== null) {
    const known = KNOWN_REGIPY_FAILURES.find((f) => f.pattern.test(error));
    if (known) return allExplained(result, mine.keys(), `${error}: ${known.why}`);
    for (const k of mine.keys()) {
      result.compared++;
      result.unexplained.push({ key: k, ours: mine.get(k), theirs: error });
    }
    return result;
  }
  const ref = regipySides(theirs);
  pairRounded(result, mine, ref);
  return compareKeyed(
    result,
    mine,
    ref,
    // regipy reports the flag where the layout has one, as we do; compared when both have it.
    (o, t) => (o.executed !== null && t.executed !== null && o.executed !== t.executed ? { ours: o.executed, theirs: t.executed } : null),
    (_, o) =>
      o.time === ''
        ? "zero FILETIME (packaged-app entry): regipy's ShimCacheParser skips Windows 10 entries whose time is 0 (read_win10_entries `continue`); Eric Zimmerman's AppCompatCacheParser lists them"
        : null,
    () => null,
  );
}

const ms = (cell: string): number => Date.parse(cell.replace(' UTC', 'Z').replace(' ', 'T'));

/**
 * regipy turns a FILETIME into a datetime with `timedelta(microseconds=filetime / 10)`: a float,
 * rounded to the microsecond, which can move the millisecond our cell shows (we cut the 100 ns
 * value): .3719996 s is .371 for us and .372 for regipy. Such pairs (same path, at most 1 ms
 * apart, nothing else matching) are the same entry: removed from both maps and explained.
 */
function pairRounded(result: ArtifactComparison, mine: Map<string, ShimSide>, ref: Map<string, ShimSide>): void {
  for (const [k, o] of mine) {
    if (ref.has(k) || o.time === '') continue;
    const match = [...ref].find(([rk, t]) => !mine.has(rk) && t.path === o.path && t.time !== '' && Math.abs(ms(t.time) - ms(o.time)) <= 1);
    if (!match) continue;
    const [rk, t] = match;
    mine.delete(k);
    ref.delete(rk);
    result.compared++;
    if (o.executed !== null && t.executed !== null && o.executed !== t.executed) result.unexplained.push({ key: k, ours: o, theirs: t });
    else
      result.explained.push({
        key: k,
        why: `same entry, time ${o.time} from the 100 ns FILETIME; regipy rounds it through a float to whole microseconds (${t.time})`,
      });
  }
}

export const SHIMCACHE: Comparator = {
  artifact: 'ShimCache',
  regipyPlugins: ['shimcache'],
  appliesTo: (hive) => hive.kind === 'SYSTEM',
  compare(ours, regipy, hive) {
    const rows = rowsOf(ours, 'Application Data: ShimCache');
    const sides = rows.map((r) => ({ path: r['Path']!, time: r['Last Modified']!, executed: r['Executed'] === '' ? null : r['Executed'] === 'yes' }));
    const { entries, error } = pluginOutput(regipy, 'shimcache');
    return compareShimSides(comparison('ShimCache', hive.label), sides, entries, error);
  },
};
