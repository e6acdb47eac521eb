import type { Comparator } from './comparator.js';
import { compareEntries, fromLog, pluginEntries, recovered, replayedAfter, rowsOf, type Entry } from './match.js';
import { exportedBytes, exportedChildren, regfexport, type ExportedKey } from './regfexport.js';

const RECENT = 'Software\\Microsoft\\Windows\\CurrentVersion\\Explorer\\RecentDocs';

/** The UTF-16 name before the first NUL code unit (the documented start of a RecentDocs value). */
function name(data: Buffer): string {
  for (let i = 0; i + 1 < data.length; i += 2) if (data[i] === 0 && data[i + 1] === 0) return data.toString('utf16le', 0, i);
  return data.toString('utf16le', 0, data.length & ~1);
}

/** Entries of one key from regfexport's bytes: MRUListEx (u32 indexes up to 0xFFFFFFFF) gives positions, unlisted values follow in stored order. */
function entriesOf(key: ExportedKey, source: string): Entry[] {
  const list = key.values.get('MRUListEx');
  const order: string[] = [];
  if (list) {
    const b = exportedBytes(list.data);
    for (let at = 0; at + 4 <= b.length && b.readUInt32LE(at) !== 0xffffffff; at += 4) order.push(String(b.readUInt32LE(at)));
  }
  const numbered = [...key.values.keys()].filter((n) => /^\d+$/.test(n));
  const ranked = [...order.filter((n) => numbered.includes(n)), ...numbered.filter((n) => !order.includes(n))];
  return ranked.map((n, i) => ({ key: `${source}|${name(exportedBytes(key.values.get(n)!.data))}`, value: `MRU position ${i + 1}` }));
}

/**
 * RecentDocs and RecentDocs\<ext> (XP to 11) against regfexport's bytes: the name and MRU position
 * of every numbered value. regipy's recentdocs plugin is run too, but it yields no entry on any
 * sample (its values arrive as hex text, which its byte parser skips); that is stated when it happens.
 */
export const RECENTDOCS: Comparator = {
  artifact: 'RecentDocs',
  regipyPlugins: ['recentdocs'],
  appliesTo: (hive) => hive.kind === 'NTUSER',
  compare(ours, regipy, hive) {
    const keys = regfexport(hive.path);
    const root = keys.get(RECENT.toLowerCase());
    const theirs: Entry[] = root
      ? [
          ...entriesOf(root, 'RecentDocs'),
          ...exportedChildren(keys, RECENT).flatMap((k) => entriesOf(k, `RecentDocs ${k.path.slice(k.path.lastIndexOf('\\') + 1)}`)),
        ]
      : [];
    const mine: Entry[] = rowsOf(ours, 'User Activity', hive)
      .filter((r) => /^RecentDocs( |$)/.test(r['Source']!))
      .map((r) => ({
        key: `${r['Source']}|${r['Item']}`,
        value: /MRU position \d+/.exec(r['Details']!)?.[0] ?? '',
        deleted: r['Deleted'] === 'yes',
        written: r['Last Write'],
      }));
    const log = fromLog(replayedAfter(hive.path));
    const result = compareEntries('RecentDocs', hive, mine, theirs, (o, t) => recovered(o, t) ?? log(o, t));
    if (theirs.length > 0 && pluginEntries(regipy, 'recentdocs').length === 0) {
      (result.notes ??= []).push({
        key: 'regipy recentdocs',
        why: `regipy's recentdocs plugin yields nothing where regfexport shows ${theirs.length} values: its values arrive as hex text and parse_mru_value finds no NUL in it; compared with regfexport's bytes instead`,
      });
    }
    return result;
  },
};
