import type { Insight } from '../../../src/index.js';
import type { ArtifactComparison } from './comparator.js';

export { refTime } from '../support/reference.js';

/** A Table insight's rows keyed by column name; none when the table is absent (a hive without the artifact). */
export function rowsOf(insights: Insight[], title: string): Record<string, string>[] {
  const t = insights.find((i) => 'Table' in i && i.Table.title === title);
  if (!t || !('Table' in t)) return [];
  const [head, ...rows] = t.Table.data;
  return rows.map((r) => Object.fromEntries(head!.map((h, i) => [h, r[i] ?? ''])));
}

/** A regipy plugin's entries, or why there are none: the hive did not open or the plugin raised. */
export function pluginOutput(regipy: Record<string, unknown>, plugin: string): { entries: unknown; error: string | null } {
  if (typeof regipy['__open_error__'] === 'string') return { entries: null, error: `regipy cannot open the hive: ${regipy['__open_error__']}` };
  const out = regipy[plugin];
  if (out && typeof out === 'object' && '__error__' in out)
    return { entries: null, error: `regipy ${plugin} raised ${String((out as { __error__: unknown }).__error__)}` };
  return { entries: out ?? null, error: null };
}

export function comparison(artifact: string, hive: string): ArtifactComparison {
  return { artifact, hive, compared: 0, equal: 0, explained: [], unexplained: [] };
}

/** A key cell (`SYSTEM\ControlSet001\…`) as regipy writes key paths (`\ControlSet001\…`), lower case. */
export const keyPathOf = (cell: string | undefined): string => (cell ?? '').replace(/^[^\\]*/, '').toLowerCase();

/**
 * Compares keyed entries: each key either side has counts once; `same` says whether two entries
 * agree (returning what differs), `explainOurs`/`explainTheirs` say why an entry only one side has
 * is right (null: unexplained).
 */
export function compareKeyed<O, T>(
  result: ArtifactComparison,
  ours: Map<string, O>,
  theirs: Map<string, T>,
  same: (o: O, t: T) => { ours: unknown; theirs: unknown } | null,
  explainOurs: (key: string, o: O) => string | null,
  explainTheirs: (key: string, t: T) => string | null,
): ArtifactComparison {
  for (const key of new Set([...ours.keys(), ...theirs.keys()])) {
    result.compared++;
    const o = ours.get(key);
    const t = theirs.get(key);
    if (o !== undefined && t !== undefined) {
      const diff = same(o, t);
      if (diff === null) result.equal++;
      else result.unexplained.push({ key, ...diff });
    } else if (o !== undefined) {
      const why = explainOurs(key, o);
      if (why) result.explained.push({ key, why });
      else result.unexplained.push({ key, ours: o, theirs: undefined });
    } else if (t !== undefined) {
      const why = explainTheirs(key, t);
      if (why) result.explained.push({ key, why });
      else result.unexplained.push({ key, ours: undefined, theirs: t });
    }
  }
  return result;
}

/** Every entry of ours, explained by `why` (the peer has nothing to compare with). */
export function allExplained(result: ArtifactComparison, keys: Iterable<string>, why: string): ArtifactComparison {
  for (const key of keys) {
    result.compared++;
    result.explained.push({ key, why });
  }
  return result;
}
