import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildShellLink, guidBytes, pathIdList, toolGate, type ShellLinkSpec } from '../src/index.js';

const dir = mkdtempSync(join(tmpdir(), 'quarry-lnk-builder-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `lnkinfo -v` (liblnk-utils) of the built bytes: the reference reading of what the builder wrote. */
function lnkinfo(spec: ShellLinkSpec): string {
  const file = join(dir, `${Math.random().toString(36).slice(2)}.lnk`);
  writeFileSync(file, buildShellLink(spec));
  return execFileSync('lnkinfo', ['-v', file], { encoding: 'utf8' });
}

/** The value after `label :` in lnkinfo's output (tabs between label and colon). */
function field(out: string, label: string): string | undefined {
  const line = out.split('\n').find((l) => l.trim().startsWith(`${label}\t`) || l.trim().startsWith(`${label} `));
  return line?.slice(line.indexOf(': ') + 2);
}

const gate = toolGate('lnkinfo');

describe('shell link builder', () => {
  it('writes GUIDs in their mixed-endian layout (MS-DTYP 2.3.4.2)', () => {
    expect(guidBytes('{00021401-0000-0000-c000-000000000046}').toString('hex')).toBe('0114020000000000c000000000000046');
  });

  it.skipIf(gate.skip)('a local link: lnkinfo reads back its times, size, volume, strings, ID list and tracker', () => {
    const out = lnkinfo({
      created: '2024-03-01T10:00:00Z',
      accessed: '2024-03-02T11:00:00Z',
      modified: '2024-03-01T12:30:00Z',
      fileSize: 452608,
      idList: pathIdList('C:\\Windows\\System32\\cmd.exe', { size: 452608, modified: '2024-03-01T12:30:00' }),
      volume: { driveType: 2, serial: 0x1c8a1f6e, label: 'USBKEY', localBasePath: 'C:\\Windows\\System32\\cmd.exe' },
      description: 'Invoice',
      workingDirectory: '%TEMP%',
      arguments: '/c calc',
      iconLocation: '\\\\10.0.0.5\\share\\icon.ico',
      environmentTarget: '%windir%\\System32\\cmd.exe',
      tracker: {
        machineId: 'desktop-abc',
        droidVolumeId: '{94bb5d56-7e3b-4b3c-9b0c-6a3b2a1f0e11}',
        droidFileId: '{6d1e0f2a-d7a5-11ee-8c1b-000c29a1b2c3}',
        birthDroidVolumeId: '{11111111-2222-3333-4444-555555555555}',
        birthDroidFileId: '{6d1e0f2b-d7a5-11ee-8c1b-000c29a1b2c3}',
      },
      appended: Buffer.from('MZ payload'),
    });
    expect(field(out, 'Creation time')).toBe('Mar 01, 2024 10:00:00.000000000 UTC');
    expect(field(out, 'Modification time')).toBe('Mar 01, 2024 12:30:00.000000000 UTC');
    expect(field(out, 'Access time')).toBe('Mar 02, 2024 11:00:00.000000000 UTC');
    expect(field(out, 'File size')).toBe('452608 bytes');
    expect(field(out, 'Drive type')).toBe('Removable (2)');
    expect(field(out, 'Drive serial number')).toBe('0x1c8a1f6e');
    expect(field(out, 'Volume label')).toBe('USBKEY');
    expect(field(out, 'Local path')).toBe('C:\\Windows\\System32\\cmd.exe');
    expect(field(out, 'Description')).toBe('Invoice');
    expect(field(out, 'Working directory')).toBe('%TEMP%');
    expect(field(out, 'Command line arguments')).toBe('/c calc');
    expect(field(out, 'Icon location')).toBe('\\\\10.0.0.5\\share\\icon.ico');
    expect(field(out, 'Environment variables location')).toBe('%windir%\\System32\\cmd.exe');
    expect(field(out, 'Number of items')).toBe('5');
    expect(out.match(/Long name\t\t: (.*)/g)).toEqual(['Long name\t\t: Windows', 'Long name\t\t: System32', 'Long name\t\t: cmd.exe']);
    expect(field(out, 'Machine identifier')).toBe('desktop-abc');
    expect(field(out, 'Droid file identifier')).toBe('6d1e0f2a-d7a5-11ee-8c1b-000c29a1b2c3');
    expect(field(out, 'Birth droid volume identifier')).toBe('11111111-2222-3333-4444-555555555555');
  });

  it.skipIf(gate.skip)('a network link: LinkInfo with a CommonNetworkRelativeLink and a path suffix', () => {
    const out = lnkinfo({ network: { netName: '\\\\FILESRV\\Share', deviceName: 'Z:' }, pathSuffix: 'docs\\plan.docx', created: '2024-01-01T00:00:00Z' });
    expect(field(out, 'Network path')).toBe('\\\\FILESRV\\Share\\docs\\plan.docx');
    expect(field(out, 'Creation time')).toBe('Jan 01, 2024 00:00:00.000000000 UTC');
  });

  it('appends the given bytes after the terminal block', () => {
    const plain = buildShellLink({ arguments: 'x' });
    const withPayload = buildShellLink({ arguments: 'x', appended: Buffer.from('PAYLOAD') });
    expect(withPayload.length).toBe(plain.length + 7);
    expect(plain.readUInt32LE(plain.length - 4)).toBe(0);
    expect(withPayload.subarray(plain.length).toString()).toBe('PAYLOAD');
  });
});
