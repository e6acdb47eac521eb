/** Shell items built from the format (Joachim Metz's "Windows Shell Item format" layout), offsets written down. */
import { describe, expect, test } from 'vitest';
import { parseShellLink } from '../src/index.js';
import { ascii, buildLink, concat, u16, u32, utf16 } from './helpers/build-link.js';

/** The first item of an ID list sits at 0x4C (header) + 2 (list size). */
const ITEM_AT = 0x4e;

function withSize(body: Uint8Array): Uint8Array {
  return concat([u16(body.length + 2), body]);
}

/**
 * An XP-style file entry (class 0x32, ANSI name) with a BEEF0004 version 3 block: its long name in
 * UTF-16 and an ANSI localised name; the item's last u16 is the block's offset in the item.
 */
function xpFileEntry(date: number, time: number): Uint8Array {
  // Item: size(2) class(1) pad(1) file size(4) date(2) time(2) attributes(2) "NOTES~1.TXT\0" (12) = 26 bytes.
  const head = concat([new Uint8Array([0x32, 0]), u32(1234), u16(date), u16(time), u16(0x20), ascii('NOTES~1.TXT', true)]);
  const extAt = 2 + head.length; // 26, even: no padding
  const ext = concat([u16(3), u32(0xbeef0004), u16(date), u16(time), u16(date), u16(time), u16(0x14), u16(8)]);
  const names = concat([utf16('Notes file.txt', true), ascii('@x,-1', true)]);
  const block = concat([ext, names, u16(extAt)]);
  return withSize(concat([head, u16(block.length + 2), block]));
}

describe('file entries', () => {
  test('an XP ANSI file entry with a version 3 BEEF0004 block', () => {
    // 0x4038 / 0x90C6: 2012-01-24 18:06:12.
    const link = parseShellLink(buildLink({ idList: [xpFileEntry(0x4038, 0x90c6)] }));
    expect(link.warnings).toEqual([]);
    expect(link.idList[0]).toEqual({
      kind: 'fileEntry',
      offset: ITEM_AT,
      size: link.idList[0]?.size,
      classType: 0x32,
      isDirectory: false,
      shortName: 'NOTES~1.TXT',
      name: 'Notes file.txt',
      fileSize: 1234,
      modified: '2012-01-24T18:06:12',
      attributes: 0x20,
      extensions: [
        {
          signature: '0xbeef0004',
          version: 3,
          offset: ITEM_AT + 26,
          created: '2012-01-24T18:06:12',
          accessed: '2012-01-24T18:06:12',
          longName: 'Notes file.txt',
          localizedName: '@x,-1',
        },
      ],
    });
  });

  test('an impossible FAT date (month 13) is not shown, and warned about at its offset', () => {
    const link = parseShellLink(buildLink({ idList: [xpFileEntry((32 << 9) | (13 << 5) | 1, 0)] }));
    const item = link.idList[0];
    expect(item?.kind === 'fileEntry' && item.modified).toBeNull();
    // Modification time at item + 8; the block's times at block + 8 and + 12.
    expect(link.warnings.map((w) => w.offset)).toEqual([ITEM_AT + 8, ITEM_AT + 26 + 8, ITEM_AT + 26 + 12]);
  });
});

describe('other items', () => {
  test('a network item (class 0x42) with description and comments (flags 0xC0 at offset 4)', () => {
    const item = withSize(concat([new Uint8Array([0x42, 0, 0xc0]), ascii('\\\\srv\\share', true), ascii('Microsoft Network', true), ascii('note', true)]));
    const link = parseShellLink(buildLink({ idList: [item] }));
    expect(link.idList[0]).toMatchObject({ kind: 'network', location: '\\\\srv\\share', description: 'Microsoft Network', comments: 'note' });
    expect(link.target).toEqual({ kind: 'network', path: '\\\\srv\\share', source: 'idList' });
  });

  test('a URI item (class 0x61, flags 0x80: UTF-16) with no data', () => {
    const item = withSize(concat([new Uint8Array([0x61, 0x80]), u16(0), u16(0), utf16('http://example.test/a', true)]));
    expect(parseShellLink(buildLink({ idList: [item] })).idList[0]).toMatchObject({ kind: 'uri', uri: 'http://example.test/a' });
  });

  test('an undecoded class is listed as unknown with a note, and the list goes on', () => {
    const odd = withSize(new Uint8Array([0x99, 1, 2, 3]));
    // A volume item as Windows writes it: 0x19 bytes, class 0x2F, "D:\\" at offset 3.
    const volume = withSize(concat([new Uint8Array([0x2f]), ascii('D:\\', true), new Uint8Array(18)]));
    const link = parseShellLink(buildLink({ idList: [odd, volume] }));
    expect(link.idList).toEqual([
      { kind: 'unknown', offset: ITEM_AT, size: 6, classType: 0x99, note: 'class type 0x99 is not decoded' },
      { kind: 'volume', offset: ITEM_AT + 6, size: 25, classType: 0x2f, name: 'D:\\' },
    ]);
    expect(link.idListPath).toBe('<0x99>\\D:\\');
    expect(link.target).toEqual({ kind: 'local', path: 'D:\\', source: 'idList' });
  });
});

test('a URI item with 36 bytes of data and empty connection strings: the URI follows the data at 6 + 36 + 12', () => {
  // Data: 36 bytes (two u32, a FILETIME, u32, 12 bytes, u32), then three u32 string sizes of 0.
  const data = concat([new Uint8Array(36), u32(0), u32(0), u32(0)]);
  const item = withSize(concat([new Uint8Array([0x61, 0x00]), u16(data.length), data, ascii('ftp://host/x', true)]));
  expect(parseShellLink(buildLink({ idList: [item] })).idList[0]).toMatchObject({ kind: 'uri', uri: 'ftp://host/x' });
});
