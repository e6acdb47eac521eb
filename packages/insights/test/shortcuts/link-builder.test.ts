import { parseShellLink } from '@quarry/shortcuts';
import { buildShellLink, pathIdList } from '@quarry/testkit';
import { describe, expect, it } from 'vitest';

/** The testkit's link builder read back by @quarry/shortcuts (lnkinfo checks it too: packages/testkit/test). */
describe('shell link builder, read by parseShellLink', () => {
  it('round-trips header times, ID list, LinkInfo, strings, environment and tracker blocks and appended bytes', () => {
    const link = parseShellLink(
      buildShellLink({
        created: '2024-03-01T10:00:00Z',
        accessed: '2024-03-02T11:00:00Z',
        modified: '2024-03-01T12:30:00Z',
        fileSize: 452608,
        idList: pathIdList('C:\\Users\\bob\\Downloads\\setup.exe', { size: 452608, modified: '2024-03-01T12:30:00' }),
        volume: { driveType: 2, serial: 0x5a3c00e1, label: 'KINGSTON', localBasePath: 'C:\\Users\\bob\\Downloads\\setup.exe' },
        description: 'Setup',
        workingDirectory: 'C:\\Users\\bob\\Downloads',
        arguments: '/quiet',
        iconLocation: '\\\\10.0.0.5\\share\\icon.ico',
        environmentTarget: '%USERPROFILE%\\Downloads\\setup.exe',
        iconEnvironment: '%SystemRoot%\\System32\\shell32.dll',
        tracker: {
          machineId: 'ws-01',
          droidVolumeId: '{94bb5d56-7e3b-4b3c-9b0c-6a3b2a1f0e11}',
          droidFileId: '{6d1e0f2a-d7a5-11ee-8c1b-000c29a1b2c3}',
          birthDroidVolumeId: '{94bb5d56-7e3b-4b3c-9b0c-6a3b2a1f0e11}',
          birthDroidFileId: '{6d1e0f2a-d7a5-11ee-8c1b-000c29a1b2c3}',
        },
        appended: Buffer.alloc(100, 0x41),
      }),
    );
    expect(link.warnings).toEqual([]);
    expect(link.header.creationTime).toBe('2024-03-01T10:00:00.0000000Z');
    expect(link.header.writeTime).toBe('2024-03-01T12:30:00.0000000Z');
    expect(link.header.accessTime).toBe('2024-03-02T11:00:00.0000000Z');
    expect(link.header.fileSize).toBe(452608);
    expect(link.idList.map((i) => (i.kind === 'fileEntry' ? i.name : i.kind))).toEqual(['root', 'volume', 'Users', 'bob', 'Downloads', 'setup.exe']);
    expect(link.linkInfo?.volume).toEqual({ driveType: 'removable', driveSerialNumber: '5A3C00E1', volumeLabel: 'KINGSTON' });
    expect(link.target).toMatchObject({ kind: 'removable', path: 'C:\\Users\\bob\\Downloads\\setup.exe' });
    expect(link.strings).toEqual({
      description: 'Setup',
      relativePath: null,
      workingDirectory: 'C:\\Users\\bob\\Downloads',
      arguments: '/quiet',
      iconLocation: '\\\\10.0.0.5\\share\\icon.ico',
    });
    expect(link.environmentTarget).toBe('%USERPROFILE%\\Downloads\\setup.exe');
    expect(link.extraData.find((b) => b.kind === 'iconEnvironment')).toMatchObject({ target: '%SystemRoot%\\System32\\shell32.dll' });
    expect(link.tracker).toMatchObject({ machineId: 'ws-01', droidFileId: '6d1e0f2a-d7a5-11ee-8c1b-000c29a1b2c3', macAddress: '00:0c:29:a1:b2:c3' });
    expect(link.appendedBytes).toBe(100);
  });

  it('a network link: the share and the path under it', () => {
    const link = parseShellLink(buildShellLink({ network: { netName: '\\\\FILESRV\\Finance', deviceName: 'F:' }, pathSuffix: 'Q1\\budget.xlsx' }));
    expect(link.linkInfo?.network).toMatchObject({ netName: '\\\\FILESRV\\Finance', deviceName: 'F:', networkProviderType: 'WNNC_NET_LANMAN' });
    expect(link.target).toMatchObject({ kind: 'network', path: '\\\\FILESRV\\Finance\\Q1\\budget.xlsx' });
  });
});
