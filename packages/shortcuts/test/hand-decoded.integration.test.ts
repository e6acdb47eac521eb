/**
 * Real links decoded by hand from their bytes (offsets written down), for the structures lnkinfo
 * does not print (show command, hot key, flags, extra data blocks, property stores) and as a check
 * on the ones it does.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { parseShellLink } from '../src/index.js';
import { HAVE_SAMPLES, LNK_DIR, withSamples } from './helpers/samples.js';

const load = (name: string) => parseShellLink(new Uint8Array(readFileSync(join(LNK_DIR, name))));

describe.skipIf(!HAVE_SAMPLES)(withSamples('Win10/30.lnk.test (a Recent folder link, 1880 bytes)'), () => {
  test('header: flags 0x0008008B at 0x14, attributes 0x11 at 0x18, size 0x18000 at 0x34, SW_NORMAL at 0x3C', () => {
    const { header } = load('Win10/30.lnk.test');
    expect(header.linkFlags).toBe(0x0008008b);
    expect(header.flags).toEqual(['HasLinkTargetIDList', 'HasLinkInfo', 'HasRelativePath', 'IsUnicode', 'EnableTargetMetadata']);
    expect(header.attributes).toEqual(['READONLY', 'DIRECTORY']);
    expect(header.fileSize).toBe(98304);
    expect(header.showCommand).toBe('normal');
    expect(header.hotKey).toEqual({ key: null, modifiers: [] });
    // lnkinfo: "Sep 30, 2011 20:00:33.063433100 UTC", "Oct 03, 2012 10:28:44.782964300 UTC".
    expect(header.creationTime).toBe('2011-09-30T20:00:33.0634331Z');
    expect(header.writeTime).toBe('2012-10-03T10:28:44.7829643Z');
  });

  test('shell item 3 at 0x7B: "Users", class 0x31, BEEF0004 v8 at 0x8F with MFT 486/1 and a localised name', () => {
    const item = load('Win10/30.lnk.test').idList[2];
    expect(item).toMatchObject({
      kind: 'fileEntry',
      offset: 0x7b,
      size: 0x74,
      classType: 0x31,
      shortName: 'Users',
      // DOS date 0x4038 at 0x83 (2012-01-24), time 0x90C6 at 0x85 (18:06:12).
      modified: '2012-01-24T18:06:12',
      attributes: 0x11,
    });
    expect(item?.kind === 'fileEntry' && item.extensions).toEqual([
      {
        signature: '0xbeef0004',
        version: 8,
        offset: 0x8f,
        // 0x3AEE/0x1A85 at 0x97 and 0x4038/0x90C6 at 0x9B.
        created: '2009-07-14T03:20:10',
        accessed: '2012-01-24T18:06:12',
        // e6 01 00 00 00 00 | 01 00 at 0xA3: entry 0x1E6, sequence 1.
        mftEntry: 486,
        mftSequence: 1,
        // Localised name size 0x36 at 0xB3, 4 more bytes (version 8), the long name at 0xB9.
        longName: 'Users',
        localizedName: '@shell32.dll,-21813',
      },
    ]);
  });

  test('LinkInfo at 0x31B: volume at +0x1C (fixed, serial 0x700C72BF, no label), local base path at +0x2D', () => {
    const link = load('Win10/30.lnk.test');
    expect(link.linkInfo).toEqual({
      flags: 1,
      volume: { driveType: 'fixed', driveSerialNumber: '700C72BF', volumeLabel: '' },
      localBasePath: 'C:\\Users\\Neil\\AppData\\Roaming\\Microsoft\\Windows\\Recent',
      network: null,
      commonPathSuffix: '',
    });
    // StringData at 0x31B + 0x65 = 0x380: 43 characters.
    expect(link.strings.relativePath).toBe('..\\AppData\\Roaming\\Microsoft\\Windows\\Recent');
    expect(link.target).toEqual({ kind: 'local', path: 'C:\\Users\\Neil\\AppData\\Roaming\\Microsoft\\Windows\\Recent', source: 'linkInfo' });
  });

  test('extra data: special folder at 0x3D8, known folder at 0x3E8, property store at 0x404, tracker at 0x6F4, terminal at 0x754', () => {
    const link = load('Win10/30.lnk.test');
    expect(link.extraData.map((b) => [b.offset, b.size, b.kind])).toEqual([
      [0x3d8, 0x10, 'specialFolder'],
      [0x3e8, 0x1c, 'knownFolder'],
      [0x404, 0x2f0, 'propertyStore'],
      [0x6f4, 0x60, 'tracker'],
    ]);
    // CSIDL 0x1A and item offset 0x18F at 0x3E0; KNOWNFOLDERID 3EB685DB-… (FOLDERID_RoamingAppData) at 0x3F0.
    expect(link.extraData[0]).toMatchObject({ folderId: 0x1a, folderName: 'AppData', itemOffset: 0x18f });
    expect(link.extraData[1]).toMatchObject({ folderId: '3eb685db-65f9-4cf6-a03a-e3ef65729f3d', folderName: 'AppData (Roaming)', itemOffset: 0x18f });
    const store = link.extraData[2];
    // First storage at 0x40C: size 0x9C, "1SPS", format B725F130-…; its first value: size 0x2D,
    // id 10, VT_LPWSTR (0x1F) of 13 characters "Recent Items".
    expect(store?.kind === 'propertyStore' && store.properties[0]).toEqual({
      formatId: 'b725f130-47ef-101a-a5f1-02608c9eebac',
      id: 10,
      name: 'System.ItemNameDisplay',
      type: 'VT_LPWSTR',
      value: 'Recent Items',
    });
    // Second storage at 0x4A8: format 46588AE2-… (System.SID), id 4.
    expect(store?.kind === 'propertyStore' && store.properties.find((p) => p.name === 'System.SID')?.value).toBe(
      'S-1-5-21-1919960144-1169954578-2117340911-1000',
    );
    // Machine id "neil2011-pc" at 0x704; droid file id bb89b23e-0d3f-11e2-a716-005056c00008 is a v1
    // GUID: node 00:50:56:c0:00:08, time 2012-10-03 09:50:15.5000382 (Python's uuid gives the same).
    expect(link.tracker).toMatchObject({ machineId: 'neil2011-pc', macAddress: '00:50:56:c0:00:08', droidTime: '2012-10-03T09:50:15.5000382Z' });
    expect(link.linkSize).toBe(1880);
    expect(link.appendedBytes).toBe(0);
    expect(link.warnings).toEqual([]);
  });
});

describe.skipIf(!HAVE_SAMPLES)(withSamples('Misc/unicodeNetworkPath.lnk.test (a UNC target with Unicode names)'), () => {
  test('LinkInfo at 0x4C: header size 0x24, network link at +0x24 with a Unicode net name at +0x22, Unicode suffix at +0x60', () => {
    const link = load('Misc/unicodeNetworkPath.lnk.test');
    expect(link.linkInfo).toEqual({
      flags: 2,
      volume: null,
      localBasePath: null,
      // Provider type 0x00020000 at 0x80; net name U+005C U+005C U+0793 U+005C U+0043 at 0x92.
      network: { netName: '\\\\\u0793\\C', deviceName: null, networkProviderType: 'WNNC_NET_LANMAN' },
      // At 0xAC: "relay\" then U+8BF4 U+660E ".txt".
      commonPathSuffix: 'relay\\\u8bf4\u660e.txt',
    });
    expect(link.target).toEqual({ kind: 'network', path: '\\\\\u0793\\C\\relay\\\u8bf4\u660e.txt', source: 'network' });
    // Show command 1 at 0x3C (lnkinfo prints the file size, 0x3AD, there).
    expect(link.header.showCommand).toBe('normal');
    // Working directory: count 0x0B at 0xC6.
    expect(link.strings.workingDirectory).toBe('\\\\\u0793\\c\\relay');
    // Environment block (0x314 bytes, 0xA0000001) at 0xDE; its ANSI part holds "\\?\c\relay\??.txt",
    // the Unicode part at 0xDE + 0x10C the real name.
    expect(link.environmentTarget).toBe('\\\\\u0793\\c\\relay\\\u8bf4\u660e.txt');
  });
});

describe.skipIf(!HAVE_SAMPLES)(withSamples('Misc/local.file.env.test (a PowerShell link with a console block)'), () => {
  test('console block at 0x6DB (0xCC bytes, 0xA0000002)', () => {
    const block = load('Misc/local.file.env.test').extraData.find((b) => b.offset === 0x6db);
    expect(block).toEqual({
      offset: 0x6db,
      size: 0xcc,
      signature: 0xa0000002,
      kind: 'console',
      // +8 fill 0x0056; +12 buffer 0x0078 × 0x0BB8; +16 window 0x0078 × 0x0032; +32 font size 0;
      // +44 face name all zero; +116 quick edit 1; +120 insert mode 1; +128 history buffer 0x32.
      fillAttributes: 0x56,
      screenBufferSize: [120, 3000],
      windowSize: [120, 50],
      faceName: '',
      fontSize: 0,
      quickEdit: true,
      insertMode: true,
      historyBufferSize: 50,
    });
  });
});

describe.skipIf(!HAVE_SAMPLES)(withSamples('WinVista/Home Page 7.lnk (a URI shell item)'), () => {
  test('item 2 at 0x62: size 0x186, class 0x61, flags 0x80, data size 0, four zero bytes, the UTF-16 URI at 0x6A', () => {
    const item = load('WinVista/Home Page 7.lnk').idList[1];
    expect(item).toEqual({ kind: 'uri', offset: 0x62, size: 0x186, classType: 0x61, uri: 'http://go.microsoft.com/fwlink/?LinkId=63440' });
  });
});
