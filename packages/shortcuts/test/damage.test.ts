import { describe, expect, test } from 'vitest';
import { isShellLink, parseShellLink, ShortcutError } from '../src/index.js';
import { buildLink, concat, guid, localLinkInfo, networkLinkInfo, pathBlock, trackerBlock, u16, u32 } from './helpers/build-link.js';

/** 2023-01-01T00:00:00Z as a FILETIME: (1672531200 s + 11644473600 s) × 10^7. */
const JAN_2023 = (1672531200n + 11644473600n) * 10_000_000n;
/** A root item for My Computer (size 0x14, class 0x1F, sort index 0x50, CLSID 20D04FE0-…). */
const MY_COMPUTER = concat([u16(0x14), new Uint8Array([0x1f, 0x50]), guid('20d04fe0-3aea-1069-a2d8-08002b30309d')]);

function full(): Uint8Array {
  return buildLink({
    times: [JAN_2023, JAN_2023, JAN_2023],
    idList: [MY_COMPUTER],
    linkInfo: localLinkInfo(3, 0x1c8a1f6e, 'SYSTEM', 'C:\\Windows\\notepad.exe'),
    strings: { description: 'Notes', arguments: '/p file.txt', iconLocation: '%SystemRoot%\\notepad.exe' },
    extra: [
      pathBlock(0xa0000001, '%windir%\\notepad.exe'),
      trackerBlock('host-1', 'f240593e-8750-4c72-a6c7-b83e0f37f0df', 'bd7a59f0-cbbb-11e8-863c-e442a6fba84c'),
    ],
  });
}

describe('not a link, or a cut header', () => {
  test('a wrong CLSID is rejected with ShortcutError at the header', () => {
    const bytes = full();
    bytes[4] = 0x02;
    expect(isShellLink(bytes)).toBe(false);
    const error = (() => {
      try {
        parseShellLink(bytes);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ShortcutError);
    expect(error).toMatchObject({ format: 'LNK', structure: 'link header', offset: 0 });
  });

  test('a header size other than 0x4C is rejected', () => {
    const bytes = full();
    bytes[0] = 0x4d;
    expect(isShellLink(bytes)).toBe(false);
    expect(() => parseShellLink(bytes)).toThrow(ShortcutError);
  });

  test('a header cut at 0x30 bytes: ShortcutError with the sizes', () => {
    const bytes = full().subarray(0, 0x30);
    expect(isShellLink(bytes)).toBe(true);
    expect(() => parseShellLink(bytes)).toThrow(expect.objectContaining({ structure: 'link header', needed: 0x4c, available: 0x30 }));
  });

  test('empty input and 3 bytes are not links', () => {
    expect(isShellLink(new Uint8Array(0))).toBe(false);
    expect(() => parseShellLink(new Uint8Array(3))).toThrow(ShortcutError);
  });
});

describe('sizes and appended data', () => {
  test('the smallest link: header + terminal block, 0x50 bytes', () => {
    const link = parseShellLink(buildLink());
    expect(link).toMatchObject({
      linkSize: 0x50,
      appendedBytes: 0,
      warnings: [],
      idList: [],
      linkInfo: null,
      target: { kind: 'shell', path: null, source: null },
    });
  });

  test('bytes after the terminal block are reported as appended', () => {
    const bytes = buildLink({ strings: { arguments: 'x' }, appended: new Uint8Array(100).fill(0x41) });
    const link = parseShellLink(bytes);
    expect(link.appendedBytes).toBe(100);
    expect(link.linkSize).toBe(bytes.length - 100);
  });

  test('offset and end parse a link inside a larger buffer, offsets absolute', () => {
    const inner = full();
    const bytes = concat([new Uint8Array(10).fill(0xee), inner, new Uint8Array(6).fill(0xab)]);
    const bounded = parseShellLink(bytes, { offset: 10, end: 10 + inner.length });
    expect(bounded).toMatchObject({ linkSize: inner.length, appendedBytes: 0, warnings: [] });
    // The ID list's first item sits right after the header and the 2-byte list size.
    expect(bounded.idList[0]?.offset).toBe(10 + 0x4c + 2);
    expect(parseShellLink(bytes, { offset: 10 }).appendedBytes).toBe(6);
  });
});

describe('damage after the header becomes warnings', () => {
  test('every cut of a full link parses, and every cut before its end warns', () => {
    const bytes = full();
    const whole = parseShellLink(bytes);
    expect(whole.warnings).toEqual([]);
    for (let length = 0x4c; length < bytes.length; length++) {
      const link = parseShellLink(bytes.subarray(0, length));
      expect(link.linkSize + link.appendedBytes, `cut at ${length}`).toBe(length);
      expect(link.warnings.length, `cut at ${length}`).toBeGreaterThan(0);
      expect(link.header).toEqual(whole.header);
    }
  });

  test('a string cut short keeps what is there', () => {
    const bytes = buildLink({ strings: { arguments: '-enc AAAA' } });
    // Header 0x4C, count 9 at 0x4C, text from 0x4E; cut after 5 characters (10 bytes).
    const link = parseShellLink(bytes.subarray(0, 0x4e + 10));
    expect(link.strings.arguments).toBe('-enc ');
    expect(link.warnings).toContainEqual(expect.objectContaining({ structure: 'string data arguments', offset: 0x4c }));
  });

  test('a shell item whose size runs past its list ends the list; LinkInfo and strings are kept', () => {
    // Item 2 at 0x4E + 0x14 = 0x62 claims 0x40 bytes but the list holds only 8 more.
    const bad = concat([u16(0x40), new Uint8Array(6)]);
    const bytes = buildLink({ idList: [MY_COMPUTER, bad], linkInfo: localLinkInfo(3, 1, '', 'C:\\x'), strings: { arguments: 'ok' } });
    const link = parseShellLink(bytes);
    expect(link.idList).toHaveLength(1);
    expect(link.warnings).toContainEqual(expect.objectContaining({ structure: 'link target ID list item 2', offset: 0x62 }));
    expect(link.linkInfo?.localBasePath).toBe('C:\\x');
    expect(link.strings.arguments).toBe('ok');
  });

  test('an unknown extra block is skipped by its size; a short tracker is listed undecoded; later blocks are read', () => {
    const unknownBlock = concat([u32(12), u32(0xa00000ff), u32(7)]);
    const shortTracker = concat([u32(0x20), u32(0xa0000003), new Uint8Array(0x18)]);
    const bytes = buildLink({ extra: [unknownBlock, shortTracker, pathBlock(0xa0000001, '%TEMP%\\a.exe')] });
    const link = parseShellLink(bytes);
    expect(link.extraData.map((b) => [b.offset, b.kind])).toEqual([
      [0x4c, 'unknown'],
      [0x4c + 12, 'unknown'],
      [0x4c + 12 + 0x20, 'environment'],
    ]);
    expect(link.environmentTarget).toBe('%TEMP%\\a.exe');
    expect(link.warnings.map((w) => w.offset)).toEqual([0x4c, 0x4c + 12]);
    expect(link.appendedBytes).toBe(0);
  });

  test('a LinkInfo size past the end loses the rest with a warning', () => {
    const info = localLinkInfo(3, 1, '', 'C:\\x');
    info.set(u32(0x1000), 0);
    const link = parseShellLink(buildLink({ linkInfo: info, strings: { arguments: 'lost' } }));
    expect(link.linkInfo).toBeNull();
    expect(link.warnings[0]).toMatchObject({ structure: 'link info', offset: 0x4c });
  });

  test('a time outside 1970..now+1y is kept and warned about', () => {
    // 2200-01-01T00:00:00Z: (7258118400 s + 11644473600 s) × 10^7.
    const future = (7258118400n + 11644473600n) * 10_000_000n;
    const link = parseShellLink(buildLink({ times: [future, 0n, JAN_2023] }));
    expect(link.header.creationTime).toBe('2200-01-01T00:00:00.0000000Z');
    expect(link.header.accessTime).toBeNull();
    expect(link.header.writeTime).toBe('2023-01-01T00:00:00.0000000Z');
    expect(link.warnings).toEqual([expect.objectContaining({ structure: 'link header creation time', offset: 28 })]);
  });

  test('a show command outside SW_* is kept as its number with a warning', () => {
    const link = parseShellLink(buildLink({ showCommand: 5 }));
    expect(link.header.showCommand).toBe(5);
    expect(link.warnings).toEqual([expect.objectContaining({ offset: 60 })]);
  });
});

describe('header and targets of built links', () => {
  test('hot key Ctrl+Alt+F5 (0x0674: modifiers 0x06, VK_F5 0x74), show minimized (7), icon index -3', () => {
    const link = parseShellLink(buildLink({ hotKey: 0x0674, showCommand: 7, iconIndex: -3 }));
    expect(link.header.hotKey).toEqual({ key: 'F5', modifiers: ['control', 'alt'] });
    expect(link.header.showCommand).toBe('minimized');
    expect(link.header.iconIndex).toBe(-3);
  });

  test('ANSI string data decodes as Windows-1252', () => {
    const link = parseShellLink(buildLink({ unicode: false, strings: { description: 'caf\u00e9' } }));
    expect(link.header.flags).not.toContain('IsUnicode');
    expect(link.strings.description).toBe('café');
  });

  test('a local LinkInfo on a removable drive gives a removable target with its volume', () => {
    const link = parseShellLink(buildLink({ linkInfo: localLinkInfo(2, 0xdeadbeef, 'USB', 'E:\\tools\\run.exe') }));
    expect(link.linkInfo?.volume).toEqual({ driveType: 'removable', driveSerialNumber: 'DEADBEEF', volumeLabel: 'USB' });
    expect(link.target).toEqual({ kind: 'removable', path: 'E:\\tools\\run.exe', source: 'linkInfo' });
  });

  test('a network LinkInfo gives share + suffix', () => {
    const link = parseShellLink(buildLink({ linkInfo: networkLinkInfo('\\\\server\\share', 'dir\\f.txt') }));
    expect(link.linkInfo?.network).toEqual({ netName: '\\\\server\\share', deviceName: null, networkProviderType: 'WNNC_NET_LANMAN' });
    expect(link.target).toEqual({ kind: 'network', path: '\\\\server\\share\\dir\\f.txt', source: 'network' });
  });

  test('the tracker block: machine id, droids, and MAC + time of the v1 droid file GUID', () => {
    const link = parseShellLink(full());
    // bd7a59f0-cbbb-11e8-863c-e442a6fba84c: version nibble 1 (0x11e8); node e4:42:a6:fb:a8:4c;
    // time 0x1e8cbbbbd7a59f0 × 100 ns after 1582-10-15 = 2018-10-09 12:06:23.3035248 (Python's
    // uuid.UUID(…).time gives the same count).
    expect(link.tracker).toEqual({
      machineId: 'host-1',
      droidVolumeId: 'f240593e-8750-4c72-a6c7-b83e0f37f0df',
      droidFileId: 'bd7a59f0-cbbb-11e8-863c-e442a6fba84c',
      birthDroidVolumeId: 'f240593e-8750-4c72-a6c7-b83e0f37f0df',
      birthDroidFileId: 'bd7a59f0-cbbb-11e8-863c-e442a6fba84c',
      macAddress: 'e4:42:a6:fb:a8:4c',
      droidTime: '2018-10-09T12:06:23.3035248Z',
    });
  });
});

test('a VolumeID offset outside the LinkInfo is a warning; the local base path is still read', () => {
  const info = localLinkInfo(3, 1, 'L', 'C:\\x');
  // VolumeIDOffset is the u32 at LinkInfo + 12.
  info.set(u32(0x4000), 12);
  const link = parseShellLink(buildLink({ linkInfo: info }));
  expect(link.linkInfo?.volume).toBeNull();
  expect(link.linkInfo?.localBasePath).toBe('C:\\x');
  expect(link.warnings).toEqual([expect.objectContaining({ structure: 'volume id', offset: 0x4c })]);
});

test('non-zero reserved header fields (0x42-0x4B) and unknown hot key modifier bits are warned about', () => {
  const bytes = buildLink({ hotKey: 0x2041 });
  bytes[0x48] = 1;
  const link = parseShellLink(bytes);
  expect(link.header.hotKey).toEqual({ key: 'A', modifiers: [] });
  expect(link.warnings.map((w) => [w.structure, w.offset])).toEqual([
    ['link header hot key', 0x40],
    ['link header reserved', 0x42],
  ]);
});
