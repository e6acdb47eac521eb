import type { Comparator } from './comparator.js';
import { comparison, compareKeyed, keyPathOf, pluginOutput, rowsOf } from './evidence.js';

const RUN_MECHANISMS = new Set(['Run', 'RunOnce', 'Policies Run', 'RunOnceEx']);

/**
 * Run keys: our Persistence rows of the Run, RunOnce, Policies\Explorer\Run and RunOnceEx keys
 * (NTUSER and SOFTWARE, with their Wow6432Node twins) against regipy's ntuser_persistence and
 * software_plugin, by key path and value name, the command compared as text.
 */
export const RUN_KEYS: Comparator = {
  artifact: 'Run keys',
  regipyPlugins: ['ntuser_persistence', 'software_plugin'],
  appliesTo: (hive) => hive.kind === 'NTUSER' || hive.kind === 'SOFTWARE',
  compare(ours, regipy, hive) {
    const mine = new Map<string, { data: string; deleted: boolean }>();
    for (const r of rowsOf(ours, 'Persistence')) {
      if (!RUN_MECHANISMS.has(r['Mechanism']!)) continue;
      mine.set(`${keyPathOf(r['Key'])}|${r['Value']!.toLowerCase()}`, { data: r['Data']!, deleted: r['Deleted'] === 'yes' });
    }
    const plugin = hive.kind === 'NTUSER' ? 'ntuser_persistence' : 'software_plugin';
    const { entries, error } = pluginOutput(regipy, plugin);
    const theirs = new Map<string, { data: string }>();
    for (const [path, key] of Object.entries((entries ?? {}) as Record<string, { values?: { name: string; value: unknown }[] }>)) {
      for (const v of key.values ?? [])
        theirs.set(`${path.toLowerCase()}|${v.name.toLowerCase()}`, { data: Array.isArray(v.value) ? v.value.join(', ') : String(v.value ?? '') });
    }
    return compareKeyed(
      comparison('Run keys', hive.label),
      mine,
      theirs,
      (o, t) => (o.data === t.data ? null : { ours: o.data, theirs: t.data }),
      (_, o) => (o.deleted ? 'recovered from free space: regipy reads live keys only' : error),
      () => null,
    );
  },
};
