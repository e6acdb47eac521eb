import type { Comparator } from './comparator.js';
import { compareEntries, fromLog, pluginEntries, recovered, refTime, replayedAfter, rowsOf, type Entry } from './match.js';

interface RegipyUserAssist {
  name: string;
  run_counter: number;
  timestamp: string;
}

/** regipy's GUIDS list (plugins/ntuser/user_assist.py) names these four twice, so their entries come out twice. */
const LISTED_TWICE = [
  '{75048700-ef1f-11d0-9888-006097deacf9}',
  '{5e6ab780-7743-11cf-a12b-00aa004ae837}',
  '{f4e57c4b-2036-45f0-a9ab-443bcfe33d9f}',
  '{cebff5cd-ace2-4f4f-9178-9926f41749ea}',
];
/** …and reads only the GUIDs it lists. */
const LISTED = new Set([
  ...LISTED_TWICE,
  '{fa99dfc7-6ac2-453a-a5e2-5e2aff4507bd}',
  '{f2a1cb5a-e3cc-4a2e-af9d-505a7009d442}',
  '{caa59e3c-4792-41a5-9909-6a6a8d32490e}',
  '{b267e3ad-a825-4a09-82b9-eec22aa3b847}',
  '{a3d53349-6e61-4557-8fc7-0028edceebf6}',
  '{9e04cab2-cc14-11df-bb8c-a2f1ded72085}',
]);

/** The last path component: regipy writes known folders as `%SYSTEM32%`, XP's as `%csidl2%`; ours as the folder's name. */
const tail = (s: string): string => s.slice(s.lastIndexOf('\\') + 1);
const guidOf = (key: string): string => /UserAssist\\(\{[^}]+\})/i.exec(key)?.[1]?.toLowerCase() ?? '';

/** UserAssist (v3 on XP, v5 on 7+) against regipy's user_assist plugin: name, run count and last run per value. */
export const USERASSIST: Comparator = {
  artifact: 'UserAssist',
  regipyPlugins: ['user_assist'],
  appliesTo: (hive) => hive.kind === 'NTUSER',
  compare(ours, regipy, hive) {
    const rows = rowsOf(ours, 'User Activity', hive).filter((r) => r['Source'] === 'UserAssist');
    const notes = rowsOf(ours, 'User Activity: Notes', hive)
      .map((r) => r['Note']!)
      .filter((n) => n.startsWith('UserAssist '));
    const mine: Entry[] = [];
    const extra: { key: string; why: string }[] = [];
    const doubled: string[] = [];
    let theirs: Entry[] = pluginEntries<RegipyUserAssist>(regipy, 'user_assist').map((e) => ({
      // XP names carry their UEME_<kind>: prefix; ours moves it to Details.
      key: tail(e.name.replace(/^UEME_(?!CTL)[A-Z]+:/, '')),
      // A zero FILETIME is "never run": regipy prints 1601-01-01, we leave the cell empty.
      value: `${e.run_counter}|${e.timestamp.startsWith('1601') ? '' : refTime(e.timestamp)}`,
    }));
    for (const r of rows) {
      const entry = { key: tail(r['Item']!), value: `${r['Count']}|${r['Last Used']}`, deleted: r['Deleted'] === 'yes', written: r['Last Write'] };
      const guid = guidOf(r['Key']!);
      if (!LISTED.has(guid)) {
        extra.push({ key: entry.key, why: `under ${guid}, a UserAssist GUID regipy's list does not hold` });
        continue;
      }
      mine.push(entry);
      if (LISTED_TWICE.includes(guid)) {
        const i = theirs.findIndex((t) => t.key === entry.key && t.value === entry.value);
        const j = theirs.findIndex((t, n) => n > i && t.key === entry.key && t.value === entry.value);
        if (i >= 0 && j >= 0) {
          theirs = theirs.filter((_t, n) => n !== j);
          doubled.push(entry.key);
        }
      }
    }
    const log = fromLog(replayedAfter(hive.path));
    const result = compareEntries('UserAssist', hive, mine, theirs, (o, t) => {
      const r = recovered(o, t) ?? log(o, t);
      if (r) return r;
      if (!o && t && /^UEME_CTL/.test(t.key))
        return 'UEME_CTL* values are session bookkeeping (XP: UEME_CTLCUACount:ctor), not programs; we skip them (registry README)';
      const refused = t && !o ? notes.find((n) => n.includes(t.key)) : undefined;
      return refused ? `refused by our decoder and listed in User Activity: Notes ("${refused}")` : null;
    });
    // Each second copy regipy printed is an entry of its side, counted once and explained.
    const copies = doubled.map((key) => ({
      key: `${key} (regipy's second copy)`,
      why: `regipy's GUIDS list names ${LISTED_TWICE.length} GUIDs twice, so their entries come out twice`,
    }));
    result.explained.push(...copies, ...extra);
    result.compared += copies.length + extra.length;
    return result;
  },
};
