import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Comparator, HiveUnderTest } from './comparator.js';
import { compareEntries, fromLog, pluginEntries, recovered, replayedAfter, rowsOf, type Entry } from './match.js';

interface RegipyBag {
  reg_path: string;
  value_name: string;
  shell_type: string;
  path: string | null;
}

const AT_SCRIPT = fileURLToPath(new URL('../support/regipy_shellbags_at.py', import.meta.url));
const NOROAM = '\\Software\\Microsoft\\Windows\\ShellNoRoam\\BagMRU';

/** XP's ShellNoRoam\BagMRU, which regipy's plugin does not read: its own walk pointed at that root. */
function noRoam(hive: HiveUnderTest): RegipyBag[] {
  return JSON.parse(execFileSync('python3', [AT_SCRIPT, hive.path, NOROAM], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })) as RegipyBag[];
}

/** regipy puts two separators after a volume ("C:\\\\Users"); a trailing one is dropped on both sides. */
const norm = (p: string): string => p.replace(/\\\\+/g, '\\').replace(/\\$/, '');

/** Our item kinds in libfwsi's words (regipy's shell_type). */
const KIND: Record<string, string> = {
  'Root folder': 'Root Folder',
  Volume: 'Volume',
  Directory: 'Directory',
  File: 'Directory',
  'File entry': 'Directory',
  'Network location': 'Network Location',
  'Control panel category': 'Control Panel Category',
  'Control panel item': 'Control Panel Item',
  'Users property view': 'Users Property View',
  // libfwsi files 0x2E shell folders (My Computer\Desktop…) under its volume class.
  'Shell folder': 'Volume',
  // A 0x74 delegate wraps a file entry; libfwsi reports the wrapped entry.
  'Delegate Directory': 'Directory',
  'Delegate File': 'Directory',
  'Delegate File entry': 'Directory',
};

/**
 * Shell folders that libfwsi's table (regipy constants.KNOWN_GUIDS) names otherwise than Explorer
 * does: same CLSID, other words. Our path segment is translated before comparing.
 */
const NAMED_OTHERWISE: { clsid: string; ours: string; theirs: string }[] = [
  { clsid: 'f02c1a0d-be21-4350-88b0-7367fc96ef3c', ours: 'Network', theirs: 'Computers and Devices' },
  { clsid: '679f85cb-0220-4080-b29b-5540cc05aab6', ours: 'Quick Access', theirs: 'Home Folder' },
  { clsid: '59031a47-3f72-44a7-89c5-5595fe6b30ee', ours: 'Users Files', theirs: 'Shared Documents Folder (Users Files)' },
  { clsid: '031e4825-7b94-4dc3-b131-e946b44c8dd5', ours: 'Libraries', theirs: 'Users Libraries' },
];

/**
 * ShellBags (UsrClass BagMRU on 7+; NTUSER Shell and ShellNoRoam BagMRU on XP) against regipy's
 * shellbag plugins (libfwsi): every rebuilt path with its item kind.
 */
export const SHELLBAGS: Comparator = {
  artifact: 'ShellBags',
  regipyPlugins: ['ntuser_shellbag_plugin', 'usrclass_shellbag_plugin'],
  appliesTo: (hive) => hive.kind === 'NTUSER' || hive.kind === 'USRCLASS',
  compare(ours, regipy, hive) {
    const rows = rowsOf(ours, 'User Activity: ShellBags', hive);
    const used = new Map<string, number>();
    const translate = (path: string): string =>
      path
        .split('\\')
        .map((seg, i) => {
          const alias = i === 0 ? NAMED_OTHERWISE.find((a) => a.ours === seg) : undefined;
          if (alias) used.set(alias.clsid, (used.get(alias.clsid) ?? 0) + 1);
          return alias ? alias.theirs : seg;
        })
        .join('\\');
    const mine: Entry[] = rows.map((r) => ({
      key: translate(norm(r['Path']!)),
      value: KIND[r['Item Type']!] ?? r['Item Type']!,
      deleted: r['Deleted'] === 'yes',
      written: r['Last Write'],
    }));
    const ref = [
      ...pluginEntries<RegipyBag>(regipy, hive.kind === 'NTUSER' ? 'ntuser_shellbag_plugin' : 'usrclass_shellbag_plugin'),
      ...(hive.kind === 'NTUSER' ? noRoam(hive) : []),
    ];
    const childless = ref.filter((e) => e.shell_type === 'Childless');
    const theirs: Entry[] = ref.filter((e) => e.shell_type !== 'Childless').map((e) => ({ key: norm(e.path ?? ''), value: e.shell_type }));
    const log = fromLog(replayedAfter(hive.path));
    const result = compareEntries('ShellBags', hive, mine, theirs, (o, t) => recovered(o, t) ?? log(o, t));
    for (const [clsid, n] of used) {
      const a = NAMED_OTHERWISE.find((x) => x.clsid === clsid)!;
      (result.notes ??= []).push({
        key: `regipy naming {${clsid}}`,
        why: `${n} paths start with {${clsid}}, which we name "${a.ours}" (Explorer's name) and libfwsi's table "${a.theirs}"; compared after translating`,
      });
    }
    if (childless.length > 0)
      (result.notes ??= []).push({
        key: 'regipy childless',
        why: `${childless.length} regipy "Childless" entries: subkeys without a numbered value hold no shell item (regipy issue #268 lists them with their parent's path); we list shell items only`,
      });
    return result;
  },
};
