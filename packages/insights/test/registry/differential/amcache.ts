import type { Comparator } from './comparator.js';
import { compareEntries, fromLog, pluginEntries, recovered, refTime, replayedAfter, rowsOf, type Entry } from './match.js';
import { exportedChildren, regfexport, type ExportedKey } from './regfexport.js';

interface RegipyAmcache {
  full_path?: string;
  lower_case_long_path?: string;
  sha1?: string;
  timestamp?: string;
}

const TRACES = 'Application Data: Application Traces';
const sha1Of = (details: string): string => /SHA1 ([0-9a-f]{40})/.exec(details)?.[1] ?? '';
const versionOf = (details: string): string => /(?:^|; )version ([^;]*)/.exec(details)?.[1] ?? '';
const val = (k: ExportedKey, name: string): string => k.values.get(name)?.data ?? '';

/**
 * Amcache files (both forms) against regipy's amcache plugin: path, SHA-1 and the entry key's last
 * write. Programs (InventoryApplication) and drivers (InventoryDriverBinary), which regipy does not
 * read, against regfexport's values: name, version and publisher; path, version and DriverId's SHA-1.
 */
export const AMCACHE: Comparator = {
  artifact: 'Amcache',
  regipyPlugins: ['amcache'],
  appliesTo: (hive) => hive.kind === 'AMCACHE',
  compare(ours, regipy, hive) {
    const keys = regfexport(hive.path);
    const programs = exportedChildren(keys, 'Root\\InventoryApplication').filter((k) => val(k, 'Name') !== '');
    const drivers = exportedChildren(keys, 'Root\\InventoryDriverBinary');
    const publisher = new Map(programs.map((k) => [val(k, 'Name'), val(k, 'Publisher')]));

    const mine: Entry[] = [];
    for (const r of rowsOf(ours, TRACES, hive)) {
      const [item, d, deleted, written] = [r['Item']!, r['Details']!, r['Deleted'] === 'yes', r['Last Write']];
      if (r['Source'] === 'Amcache File') mine.push({ key: `file ${item.toLowerCase()}`, value: `${sha1Of(d)}|${r['Last Write']}`, deleted, written });
      if (r['Source'] === 'Amcache Driver') mine.push({ key: `driver ${item.toLowerCase()}`, value: `${versionOf(d)}|${sha1Of(d)}`, deleted, written });
      const shown = d.split('; ').includes(publisher.get(item) ?? '') ? 'publisher shown' : 'publisher missing';
      if (r['Source'] === 'Amcache Program') mine.push({ key: `program ${item}`, value: `${versionOf(d)}|${shown}`, deleted, written });
    }

    const theirs: Entry[] = [];
    let rawKeys = 0;
    for (const e of pluginEntries<RegipyAmcache | string>(regipy, 'amcache')) {
      // regipy appends a Root\File\{volume} key object itself when that key has values (it arrives as text).
      if (typeof e === 'string') {
        rawKeys++;
        continue;
      }
      const path = e.full_path ?? e.lower_case_long_path;
      if (path) theirs.push({ key: `file ${path.toLowerCase()}`, value: `${e.sha1 ?? ''}|${refTime(e.timestamp)}` });
    }
    for (const k of drivers) {
      const id = /^0000([0-9a-f]{40})$/i.exec(val(k, 'DriverId'))?.[1]?.toLowerCase() ?? '';
      const name = k.path.slice(k.path.lastIndexOf('\\') + 1);
      theirs.push({ key: `driver ${name.replaceAll('/', '\\').toLowerCase()}`, value: `${val(k, 'DriverVersion')}|${id}` });
    }
    for (const k of programs)
      theirs.push({ key: `program ${val(k, 'Name')}`, value: `${val(k, 'Version')}|${val(k, 'Publisher') ? 'publisher shown' : 'publisher missing'}` });

    const log = fromLog(replayedAfter(hive.path));
    const result = compareEntries('Amcache', hive, mine, theirs, (o, t) => recovered(o, t) ?? log(o, t));
    if (rawKeys > 0)
      (result.notes ??= []).push({
        key: 'regipy raw keys',
        why: `regipy's amcache plugin appends ${rawKeys} Root\\File\\{volume} key object(s) as entries (run() adds the volume key itself when it has values); they hold no file`,
      });
    return result;
  },
};
