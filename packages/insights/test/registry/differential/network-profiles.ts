import type { Comparator } from './comparator.js';
import { comparison, compareKeyed, keyPathOf, pluginOutput, rowsOf } from './evidence.js';

interface Profile {
  name: string;
  description: string;
  created: string;
  lastConnected: string;
}

/** Our SYSTEMTIME cells (`2018-03-27 12:11:32.021 (local)`) to the second, as regipy prints them (`2018-03-27T12:11:32`). */
const second = (cell: string): string => cell.slice(0, 19).replace(' ', 'T');

/**
 * Network profiles: our "Network Artifacts: Known Networks" rows against regipy's networklist
 * profiles, by key path; name, description and both SYSTEMTIME dates (machine local time, whole
 * seconds as regipy keeps them).
 */
export const NETWORK_PROFILES: Comparator = {
  artifact: 'Network profiles',
  regipyPlugins: ['networklist'],
  appliesTo: (hive) => hive.kind === 'SOFTWARE',
  compare(ours, regipy, hive) {
    const mine = new Map<string, Profile>();
    for (const r of rowsOf(ours, 'Network Artifacts: Known Networks')) {
      mine.set(keyPathOf(r['Key']), {
        name: r['Profile Name']!,
        description: r['Description']!,
        created: second(r['Date Created']!),
        lastConnected: second(r['Date Last Connected']!),
      });
    }
    const { entries, error } = pluginOutput(regipy, 'networklist');
    const theirs = new Map<string, Profile>();
    for (const e of Array.isArray(entries) ? (entries as Record<string, unknown>[]) : []) {
      if (e['type'] !== 'profile') continue;
      const str = (k: string): string => (typeof e[k] === 'string' ? (e[k] as string) : '');
      theirs.set(str('key_path').toLowerCase(), {
        name: str('profile_name'),
        description: str('description'),
        created: str('date_created'),
        lastConnected: str('date_last_connected'),
      });
    }
    return compareKeyed(
      comparison('Network profiles', hive.label),
      mine,
      theirs,
      (o, t) => (JSON.stringify(o) === JSON.stringify(t) ? null : { ours: o, theirs: t }),
      () => error,
      () => null,
    );
  },
};
