/** LinkInfo variants no sample holds, built from [MS-SHLLINK] 2.3 with their offsets. */
import { expect, test } from 'vitest';
import { parseShellLink } from '../src/index.js';
import { ascii, buildLink, concat, u32, utf16 } from './helpers/build-link.js';

test('header size 0x24: Unicode local base path and suffix, VolumeID with a Unicode label (label offset 0x14)', () => {
  // VolumeID: size, drive type 5 (CD-ROM), serial, label offset 0x14 (= Unicode), Unicode label offset 0x14, label.
  const label = utf16('Disc \u00e9t\u00e9', true);
  const volume = concat([u32(0x14 + label.length), u32(5), u32(0x0a0b0c0d), u32(0x14), u32(0x14), label]);
  const ansiBase = ascii('D:\\?', true);
  const wideBase = utf16('D:\\\u00e9t\u00e9', true);
  const wideSuffix = utf16('setup.exe', true);
  // Header 0x24 bytes, then the VolumeID, the ANSI base path, an empty ANSI suffix, the Unicode base path and suffix.
  const volumeAt = 0x24;
  const ansiAt = volumeAt + volume.length;
  const suffixAt = ansiAt + ansiBase.length;
  const wideAt = suffixAt + 1;
  const wideSuffixAt = wideAt + wideBase.length;
  const size = wideSuffixAt + wideSuffix.length;
  const info = concat([
    u32(size),
    u32(0x24),
    u32(1),
    u32(volumeAt),
    u32(ansiAt),
    u32(0),
    u32(suffixAt),
    u32(wideAt),
    u32(wideSuffixAt),
    volume,
    ansiBase,
    new Uint8Array(1),
    wideBase,
    wideSuffix,
  ]);
  const link = parseShellLink(buildLink({ linkInfo: info }));
  expect(link.warnings).toEqual([]);
  expect(link.linkInfo).toEqual({
    flags: 1,
    volume: { driveType: 'cdrom', driveSerialNumber: '0A0B0C0D', volumeLabel: 'Disc \u00e9t\u00e9' },
    localBasePath: 'D:\\\u00e9t\u00e9',
    network: null,
    commonPathSuffix: 'setup.exe',
  });
  // The suffix is appended as stored: the spec's base paths end where the suffix starts.
  expect(link.target).toEqual({ kind: 'removable', path: 'D:\\\u00e9t\u00e9setup.exe', source: 'linkInfo' });
});

test('CommonNetworkRelativeLink with a device name (ValidDevice) and Unicode names (net name offset > 0x14)', () => {
  const net = utf16('\\\\files\\public', true);
  const device = utf16('Z:', true);
  // size, flags 3 (ValidDevice | ValidNetType), net name offset 0x1C, device offset 0x1C, provider
  // WNNC_NET_DAV (0x2E0000), Unicode net name offset 0x1C, Unicode device offset 0x1C + net.length;
  // the ANSI offsets point at the Unicode text too, which the reader must ignore.
  const cnrl = concat([u32(0x1c + net.length + device.length), u32(3), u32(0x1c), u32(0x1c), u32(0x2e0000), u32(0x1c), u32(0x1c + net.length), net, device]);
  const suffix = ascii('docs\\a.txt', true);
  const info = concat([u32(0x1c + cnrl.length + suffix.length), u32(0x1c), u32(2), u32(0), u32(0), u32(0x1c), u32(0x1c + cnrl.length), cnrl, suffix]);
  const link = parseShellLink(buildLink({ linkInfo: info }));
  expect(link.warnings).toEqual([]);
  expect(link.linkInfo?.network).toEqual({ netName: '\\\\files\\public', deviceName: 'Z:', networkProviderType: 'WNNC_NET_DAV' });
  expect(link.target).toEqual({ kind: 'network', path: '\\\\files\\public\\docs\\a.txt', source: 'network' });
});
