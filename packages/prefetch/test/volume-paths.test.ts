import { describe, expect, test } from 'vitest';
import { normalizeVolumePath, resolveVolumeNames, splitVolumePath } from '../src/index.js';

const V10 = '\\VOLUME{01d12173f395296c-66f451bc}';
const V10B = '\\VOLUME{01d1217a9c4c6779-8c9f49ec}';

describe('volume path normalisation', () => {
  test('splits on the longest device prefix, only at a separator', () => {
    const devices = ['\\DEVICE\\HARDDISKVOLUME1', '\\DEVICE\\HARDDISKVOLUME12'];
    expect(splitVolumePath('\\DEVICE\\HARDDISKVOLUME12\\A.DLL', devices)).toEqual({ index: 1, rest: '\\A.DLL' });
    expect(splitVolumePath('\\DEVICE\\HARDDISKVOLUME1\\A.DLL', devices)).toEqual({ index: 0, rest: '\\A.DLL' });
    expect(splitVolumePath('\\DEVICE\\HARDDISKVOLUME123\\A.DLL', devices)).toBeNull();
  });

  test('\\DEVICE\\HARDDISKVOLUMEn volumes name themselves', () => {
    const devices = ['\\DEVICE\\HARDDISKVOLUME2'];
    const names = resolveVolumeNames(devices, ['\\DEVICE\\HARDDISKVOLUME2\\WINDOWS\\X.DLL'], null);
    expect(names).toEqual([{ deviceName: '\\DEVICE\\HARDDISKVOLUME2', driveLetter: null }]);
  });

  test('a \\VOLUME{...} gets its \\DEVICE name from the executable path that hashes the file', () => {
    const devices = [V10, V10B];
    const paths = [`${V10B}\\WINDOWS\\SYSTEM32\\CMD.EXE`, `${V10}\\TOOLS\\A.DLL`];
    const names = resolveVolumeNames(devices, paths, '\\DEVICE\\HARDDISKVOLUME3\\WINDOWS\\SYSTEM32\\CMD.EXE');
    expect(names).toEqual([
      { deviceName: null, driveLetter: null },
      { deviceName: '\\DEVICE\\HARDDISKVOLUME3', driveLetter: null },
    ]);
    expect(normalizeVolumePath(paths[0] as string, devices, names)).toEqual({
      volumeIndex: 1,
      relativePath: '\\WINDOWS\\SYSTEM32\\CMD.EXE',
      displayPath: '\\DEVICE\\HARDDISKVOLUME3\\WINDOWS\\SYSTEM32\\CMD.EXE',
    });
    expect(normalizeVolumePath(paths[1] as string, devices, names).displayPath).toBe(paths[1]);
  });

  test('a drive-letter path in the file names the volume holding the same path', () => {
    const devices = [V10];
    const paths = [`${V10}\\USERS\\A\\RUN.EXE`, '\\??\\C:\\USERS\\A\\RUN.EXE'];
    const names = resolveVolumeNames(devices, paths, null);
    expect(names[0]?.driveLetter).toBe('C');
    expect(normalizeVolumePath(`${V10}\\USERS\\A\\RUN.EXE`, devices, names).displayPath).toBe('C:\\USERS\\A\\RUN.EXE');
  });

  test('paths on no known volume are kept as they are', () => {
    expect(normalizeVolumePath('\\SOMEWHERE\\ELSE', [V10], [{ deviceName: null, driveLetter: null }])).toEqual({
      volumeIndex: null,
      relativePath: null,
      displayPath: '\\SOMEWHERE\\ELSE',
    });
  });
});
