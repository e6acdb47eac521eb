import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Comparator, HiveUnderTest } from './comparator.js';
import { compareEntries, fromLog, pluginEntries, recovered, replayedAfter, rowsOf, type Entry } from './match.js';
import { exportedBytes, exportedChildren, regfexport } from './regfexport.js';

interface PidlEntry {
  key: string;
  value: string;
  program: string | null;
  path: string;
}

const SCRIPT = fileURLToPath(new URL('../support/regipy_comdlg32.py', import.meta.url));
const COMDLG32 = 'Software\\Microsoft\\Windows\\CurrentVersion\\Explorer\\ComDlg32';

/** Vista+ PIDL MRUs decoded by libfwsi through regipy's cell reader (support/regipy_comdlg32.py). */
const pidlEntries = (hive: HiveUnderTest): PidlEntry[] =>
  JSON.parse(execFileSync('python3', [SCRIPT, hive.path], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })) as PidlEntry[];

const norm = (p: string): string => p.replace(/\\\\+/g, '\\').replace(/\\$/, '');
const utf16 = (b: Buffer, at: number): [string, number] => {
  let end = at;
  while (end + 1 < b.length && (b[end] !== 0 || b[end + 1] !== 0)) end += 2;
  return [b.toString('utf16le', at, end), end + 2];
};

/** CLSIDs libfwsi's table names otherwise (see shellbags.ts), and libfwsi's placeholder for items it cannot type. */
const NAMED_OTHERWISE: Record<string, string> = {
  Network: 'Computers and Devices',
  'Quick Access': 'Home Folder',
  'Users Files': 'Shared Documents Folder (Users Files)',
  Libraries: 'Users Libraries',
};

const esc = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * libfwsi leaves class-0x00 users property views whose signature (0x23FEBBEE) sits at offset 6
 * untyped ("<UNKNOWN: 0x00>"). Their u16 identifier size at 12 is 16 and the identifier at 14 a
 * known-folder id (plaso/NTUSER-WIN7.DAT OpenSavePidlMRU\*\1, item 2: `20 00 00 00 1a 00 ee bb
 * fe 23 00 00 10 00 90 e2 4d 37 …` = {374de290-123f-4565-9164-39c4925e467b}, Downloads), which we
 * name. The rest of the path must be equal.
 */
function untyped(o: Entry | null, t: Entry | null): string | null {
  if (!o || !t || !t.value.includes('<UNKNOWN: 0x00>')) return null;
  const pattern = new RegExp(`^${t.value.split('<UNKNOWN: 0x00>').map(esc).join('([^\\\\|]+)')}$`);
  const m = pattern.exec(o.value);
  return m
    ? `libfwsi leaves a class-0x00 users property view (signature 0x23FEBBEE at offset 6) untyped; we name its known-folder identifier: ${m.slice(1).join(', ')}`
    : null;
}

/**
 * Open/Save dialog MRUs. Vista+ (OpenSavePidlMRU\<ext>, LastVisitedPidlMRU): every PIDL's path
 * against libfwsi. XP (OpenSaveMRU, LastVisitedMRU): strings against regfexport. regipy's comdlg32
 * plugin yields nothing on any sample (same hex-text cause as recentdocs).
 */
export const OPENSAVE: Comparator = {
  artifact: 'OpenSave',
  regipyPlugins: ['comdlg32'],
  appliesTo: (hive) => hive.kind === 'NTUSER',
  compare(ours, regipy, hive) {
    const rows = rowsOf(ours, 'User Activity', hive).filter((r) => /^(OpenSave|LastVisited)/.test(r['Source']!));
    const folderOf = (d: string): string => /^folder (.*); MRU position/.exec(d)?.[1] ?? '';
    const translate = (p: string): string =>
      p
        .split('\\')
        .map((s, i) => (i === 0 ? (NAMED_OTHERWISE[s] ?? s) : s))
        .join('\\');
    const mine: Entry[] = rows.map((r) => {
      const last = r['Source']!.startsWith('LastVisited');
      return {
        key: r['Source']!,
        value: last ? `${r['Item']}|${translate(norm(folderOf(r['Details']!)))}` : translate(norm(r['Item']!)),
        deleted: r['Deleted'] === 'yes',
        written: r['Last Write'],
      };
    });
    const theirs: Entry[] = pidlEntries(hive).map((e) => ({
      key: e.key === 'LastVisitedPidlMRU' ? 'LastVisitedPidlMRU' : `OpenSavePidlMRU ${e.key.slice('OpenSavePidlMRU\\'.length)}`,
      value: e.program === null ? norm(e.path) : `${e.program}|${norm(e.path)}`,
    }));
    const keys = regfexport(hive.path);
    const xpKeys = [keys.get(`${COMDLG32}\\OpenSaveMRU`.toLowerCase()), ...exportedChildren(keys, `${COMDLG32}\\OpenSaveMRU`)];
    for (const k of xpKeys) {
      if (!k) continue;
      const source = /\\OpenSaveMRU$/i.test(k.path) ? 'OpenSaveMRU' : `OpenSaveMRU ${k.path.slice(k.path.lastIndexOf('\\') + 1)}`;
      for (const [n, v] of k.values) if (/^[a-z]$/i.test(n)) theirs.push({ key: source, value: v.data });
    }
    for (const [n, v] of keys.get(`${COMDLG32}\\LastVisitedMRU`.toLowerCase())?.values ?? []) {
      if (!/^[a-z]$/i.test(n)) continue;
      const b = exportedBytes(v.data);
      const [program, next] = utf16(b, 0);
      theirs.push({ key: 'LastVisitedMRU', value: `${program}|${utf16(b, next)[0]}` });
    }
    const log = fromLog(replayedAfter(hive.path));
    const result = compareEntries(
      'OpenSave',
      hive,
      mine,
      theirs,
      (o, t) => recovered(o, t) ?? untyped(o, t) ?? log(o, t),
      (o, t) => untyped(o, t) !== null,
    );
    if (theirs.length > 0 && pluginEntries(regipy, 'comdlg32').length === 0) {
      (result.notes ??= []).push({
        key: 'regipy comdlg32',
        why: `regipy's comdlg32 plugin yields nothing where its cell reader shows ${theirs.length} values (hex text again); compared with libfwsi and regfexport instead`,
      });
    }
    return result;
  },
};
