import { commandHits } from '../common/command-rules.js';
import { Verdict } from '../common/importance.js';
import { lolbin } from '../common/lolbins.js';
import { stagingPath } from '../common/staging-paths.js';
import { baseName, programName } from '../common/windows-path.js';
import type { Importance } from '../types.js';
import { argumentTricks } from './argument-tricks.js';
import type { ShortcutEntry } from './entry.js';

/**
 * The Suspicious Shortcuts rules (S1–S9, with the shared L1/L2/L4 lists; packages/insights/src/shortcuts/README.md
 * gives each its level and why). A row's importance is the highest level among its rules, as
 * everywhere; S9 is the one combination rule: a hidden command line is worse than either part.
 */
export interface ShortcutVerdict {
  verdict: Verdict;
  attack: string[];
}

/** Files Windows runs (or hands to a script host) when opened. */
const EXECUTABLE = new Set([
  'exe',
  'com',
  'scr',
  'pif',
  'bat',
  'cmd',
  'ps1',
  'psm1',
  'vbs',
  'vbe',
  'js',
  'jse',
  'wsf',
  'wsh',
  'hta',
  'msi',
  'cpl',
  'jar',
  'dll',
]);
/** Files users open as documents: the look a disguised link borrows. */
const DOCUMENT = new Set([
  'pdf',
  'doc',
  'docx',
  'docm',
  'xls',
  'xlsx',
  'xlsm',
  'ppt',
  'pptx',
  'rtf',
  'txt',
  'jpg',
  'jpeg',
  'png',
  'gif',
  'bmp',
  'zip',
  'rar',
  '7z',
  'htm',
  'html',
]);

/** High-tier LOLBINs an attacker names without `.exe` in a command (others count only as `name.exe`, to spare words like `at` or `sc`). */
const BARE_NAMES = new Set(['mshta', 'rundll32', 'regsvr32', 'certutil', 'bitsadmin', 'powershell', 'pwsh', 'wscript', 'cscript', 'msiexec', 'wmic']);

/** Folders Windows and installers put programs in. */
const INSTALLED = /^[a-z]:\\(windows|program files( \(x86\))?)\\/i;

const L4_ATTACK: Record<string, string[]> = {
  C1: ['T1027', 'T1059.001'],
  C2: ['T1564.003'],
  C3: ['T1105'],
  C4: ['T1059.003'],
  C5: ['T1003'],
  C6: ['T1490'],
  C7: ['T1136'],
  C8: ['T1547.001'],
  C9: ['T1082'],
  C10: ['T1027'],
};

const LOLBIN_ATTACK: Record<string, string> = {
  powershell: 'T1059.001',
  pwsh: 'T1059.001',
  powershell_ise: 'T1059.001',
  cmd: 'T1059.003',
  wscript: 'T1059.005',
  cscript: 'T1059.005',
  mshta: 'T1218.005',
  rundll32: 'T1218.011',
  regsvr32: 'T1218.010',
  msiexec: 'T1218.007',
};

/** Lower-case extension of a file name, or "". */
function extension(name: string): string {
  const base = baseName(name);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/** `%SystemRoot%`-style prefixes as the folder they stand for, so L2's usual-folder test reads them. */
export function expandEnvironment(path: string): string {
  return path
    .replace(/^%(systemroot|windir)%/i, 'C:\\Windows')
    .replace(/^%programfiles\(x86\)%/i, 'C:\\Program Files (x86)')
    .replace(/^%(programfiles|programw6432)%/i, 'C:\\Program Files')
    .replace(/^%commonprogramfiles%/i, 'C:\\Program Files\\Common Files');
}

/** The file-system part of a target: `My Computer\C:\x` is `C:\x`. */
function fileSystemPath(path: string): string {
  const drive = /[A-Za-z]:\\/.exec(path);
  if (drive && drive.index > 0) return path.slice(drive.index);
  return path;
}

/** A file path with an alternate data stream (`file.txt:payload`): a colon after the drive or share prefix. */
function hasStream(path: string): boolean {
  const p = fileSystemPath(path);
  const rest = /^[A-Za-z]:\\/.test(p) ? p.slice(3) : /^\\\\[^\\]+\\/.test(p) ? p.replace(/^\\\\[^\\]+\\/, '') : null;
  return rest !== null && rest.includes(':');
}

/** A path Windows fetches over SMB or WebDAV when it shows or opens the link (forced authentication). */
function remoteLocation(path: string): string | null {
  const p = path.trim().replace(/^"/, '');
  if (/^(https?|file):\/\//i.test(p)) return 'URL';
  if (/^\\\\[^\\?.][^\\]*@(ssl|\d+)\\|\\davwwwroot\\/i.test(p)) return 'WebDAV path';
  if (/^\\\\[^\\?.]/.test(p)) return 'UNC path';
  return null;
}

/** The link file's own name without `.lnk`: what Explorer shows (it hides the `.lnk`). */
export function linkStem(name: string): string {
  return baseName(name).replace(/\.lnk$/i, '');
}

/** Every rule the entry hits; `linkName` is the link file's name (null for Jump List entries). */
export function judgeShortcut(e: ShortcutEntry, linkName: string | null): ShortcutVerdict {
  const v = new Verdict();
  const attack = new Set<string>();
  const hit = (level: Importance, reason: string, ...ids: string[]) => {
    v.hit(level, reason);
    for (const id of ids) attack.add(id);
  };
  const target = expandEnvironment(fileSystemPath(e.targetPath || e.environmentTarget));
  const program = programName(target);
  const targetExt = extension(target);
  const executes = EXECUTABLE.has(targetExt) || lolbin(program) !== null;
  const args = e.arguments;

  // S1 (L2): a script host or LOLBIN as the target; arguments make it a command.
  const l2 = target ? lolbin(target) : null;
  let runsCommand = false;
  if (l2) {
    const outside = l2.reason.includes('outside');
    const base: Importance = l2.tier === 'Low' ? 'Low' : args ? 'Medium' : 'Low';
    hit(outside ? l2.importance : base, `S1 ${l2.reason}${args ? ' with arguments' : ''}`, LOLBIN_ATTACK[program] ?? 'T1218');
    runsCommand = args !== '';
  }
  for (const m of args.matchAll(/(?:^|[\s"'\\/(&|])([a-z0-9_]+)(?:\.exe)?(?=$|[\s"',)&|])/gi)) {
    const name = m[1]!.toLowerCase();
    const inArgs = lolbin(name);
    if (inArgs && inArgs.tier === 'High' && (m[0].toLowerCase().includes('.exe') || BARE_NAMES.has(name))) {
      hit('Medium', `S1 LOLBIN ${name} in the arguments`, LOLBIN_ATTACK[name] ?? 'T1218');
      runsCommand = true;
    }
  }

  // L4: the command line rules, on the program and its arguments.
  if (args) {
    for (const c of commandHits(`"${target}" ${args}`, target)) {
      hit(c.importance, `L4 ${c.reason}`, ...(L4_ATTACK[c.code] ?? []));
      if (c.importance !== 'Low') runsCommand = true;
    }
  }

  // S2/S3: encoded, obfuscated, padded or overlong arguments.
  let hidden = false;
  for (const t of argumentTricks(args)) {
    if (t.kind === 'encoded' || t.kind === 'obfuscated') {
      hit('High', `S2 ${t.detail}`, t.kind === 'encoded' ? 'T1027' : 'T1027.010');
      runsCommand = true;
    } else if (t.kind === 'padded') {
      hit('High', `S3 arguments ${t.detail}`, 'T1027');
      hidden = true;
    } else {
      hit('Medium', `S3 arguments ${t.detail}`, 'T1027');
      hidden = true;
    }
  }

  // S4: an icon (fetched as soon as the folder is shown) or target on a remote server.
  for (const [what, path] of [
    ['icon location', e.iconLocation],
    ['icon environment path', e.iconEnvironment],
  ] as const) {
    const remote = path ? remoteLocation(path) : null;
    if (remote) hit('High', `S4 ${what} is a ${remote} (forced authentication)`, 'T1187');
  }
  const remoteTarget = remoteLocation(e.targetPath);
  if (remoteTarget === 'URL' || remoteTarget === 'WebDAV path') hit('Medium', `S4 target is a ${remoteTarget}`, 'T1187');
  else if (remoteTarget && executes) hit('Medium', 'S4 executable target on a network share', 'T1204.002');

  // S5: an executable target in a staging folder; a file's alternate data stream.
  // Installed software is not staged: L1's `\Intel\` means C:\Intel, not Program Files\Intel. Per-user
  // installs (OneDrive, JetBrains) live in AppData\Local: L1's Medium user-AppData level drops to Low.
  const staging = executes && !INSTALLED.test(target) ? stagingPath(target) : null;
  if (staging) hit(staging.importance === 'High' ? 'Medium' : 'Low', `S5 executable target in ${staging.reason.replace(/^L1 /, '')}`, 'T1204.002');
  if (hasStream(e.targetPath)) hit('High', 'S5 target is an alternate data stream', 'T1564.004');

  // S6: an executable dressed as a document (its icon, or the link's own name).
  let disguised = false;
  const iconExt = extension((e.iconLocation || e.iconEnvironment).replace(/,\s*-?\d+$/, ''));
  if (executes && DOCUMENT.has(iconExt)) {
    hit('High', `S6 executable target with a .${iconExt} icon`, 'T1036.008');
    disguised = true;
  }
  const stem = linkName === null ? '' : linkStem(linkName);
  const stemExt = extension(stem);
  if (executes && DOCUMENT.has(stemExt)) {
    hit('High', `S6 link named as a .${stemExt} document runs ${baseName(target)}`, 'T1036.007');
    disguised = true;
  }

  // S7: bytes after the link structure: a payload the command extracts from the link itself.
  // (A link inside a custom Jump List is followed by the next link or the footer: not appended data.)
  if (e.appendedBytes > 0 && e.container !== 'customDestinations') hit('High', `S7 ${e.appendedBytes} bytes appended after the link`, 'T1027');

  // S8: a link named like a program whose target is another file, or none.
  if (EXECUTABLE.has(stemExt) && stemExt !== 'dll') {
    if (!target) hit('Medium', `S8 link named ${stem} has no target`, 'T1036.007');
    else if (baseName(target).toLowerCase() !== baseName(stem).toLowerCase()) hit('Medium', `S8 link named ${stem} runs ${baseName(target)}`, 'T1036.007');
  }

  // S9: hiding and running together: the shape of a malicious link rather than an odd one.
  if ((hidden || disguised) && runsCommand) {
    hit('Critical', 'S9 concealed command (hidden or disguised, and running a command)', 'T1204.002');
  }
  return { verdict: v, attack: [...attack].sort() };
}
