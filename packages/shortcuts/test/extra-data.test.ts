/** Extra data blocks and property values no sample holds, built from the format with their offsets. */
import { describe, expect, test } from 'vitest';
import { filetimeToIso, parseShellLink } from '../src/index.js';
import { buildLink, concat, guid, u16, u32, utf16 } from './helpers/build-link.js';

/** Extra data starts right after the 0x4C-byte header when a link has no ID list, LinkInfo or strings. */
const EXTRA_AT = 0x4c;

function blocksOf(...blocks: Uint8Array[]) {
  const link = parseShellLink(buildLink({ extra: blocks }));
  expect(link.warnings).toEqual([]);
  return link.extraData;
}

/** A serialized property value with a numeric id: size, id, reserved byte, type, padding, value. */
function value(id: number, type: number, data: Uint8Array): Uint8Array {
  return concat([u32(9 + 4 + data.length), u32(id), new Uint8Array(1), u16(type), u16(0), data]);
}

function storage(formatId: string, values: Uint8Array[]): Uint8Array {
  const body = concat([...values, u32(0)]);
  return concat([u32(24 + body.length), u32(0x53505331), guid(formatId), body]);
}

describe('blocks', () => {
  test('shim (0xA0000008): layer name in UTF-16', () => {
    const name = utf16('WinXPSp3', true);
    const block = concat([u32(0x88), u32(0xa0000008), name, new Uint8Array(0x88 - 8 - name.length)]);
    expect(blocksOf(block)).toEqual([{ offset: EXTRA_AT, size: 0x88, signature: 0xa0000008, kind: 'shim', layerName: 'WinXPSp3' }]);
  });

  test('console FE (0xA0000004): code page 65001', () => {
    expect(blocksOf(concat([u32(0x0c), u32(0xa0000004), u32(65001)]))).toEqual([
      { offset: EXTRA_AT, size: 0x0c, signature: 0xa0000004, kind: 'consoleFe', codePage: 65001 },
    ]);
  });

  test('special folder (0xA0000005) with CSIDL_STARTUP (7) and known folder (0xA000000B) with FOLDERID_Downloads', () => {
    const special = concat([u32(0x10), u32(0xa0000005), u32(7), u32(0x42)]);
    const known = concat([u32(0x1c), u32(0xa000000b), guid('374de290-123f-4565-9164-39c4925e467b'), u32(0x42)]);
    expect(blocksOf(special, known)).toEqual([
      { offset: EXTRA_AT, size: 0x10, signature: 0xa0000005, kind: 'specialFolder', folderId: 7, folderName: 'Startup', itemOffset: 0x42 },
      {
        offset: EXTRA_AT + 0x10,
        size: 0x1c,
        signature: 0xa000000b,
        kind: 'knownFolder',
        folderId: '374de290-123f-4565-9164-39c4925e467b',
        folderName: 'Downloads',
        itemOffset: 0x42,
      },
    ]);
  });

  test('vista ID list (0xA000000C): items straight after the signature, then the terminal item', () => {
    const root = concat([u16(0x14), new Uint8Array([0x1f, 0x50]), guid('20d04fe0-3aea-1069-a2d8-08002b30309d')]);
    const block = concat([u32(8 + root.length + 2), u32(0xa000000c), root, u16(0)]);
    const [decoded] = blocksOf(block);
    expect(decoded?.kind === 'vistaIdList' && decoded.items).toEqual([
      { kind: 'root', offset: EXTRA_AT + 8, size: 0x14, classType: 0x1f, clsid: '20d04fe0-3aea-1069-a2d8-08002b30309d', folder: 'My Computer' },
    ]);
  });
});

describe('property store (0xA0000009)', () => {
  test('typed values: VT_UI4, VT_BOOL, VT_CLSID, VT_FILETIME, VT_UI8, VT_LPWSTR, and a string-named storage', () => {
    const app = '9f4c2855-9f79-4b39-a8d0-e1d42de1d5f3';
    const ft = 132000000000000000n;
    const ftBytes = new Uint8Array(8);
    new DataView(ftBytes.buffer).setBigUint64(0, ft, true);
    const u64 = new Uint8Array(8);
    new DataView(u64.buffer).setBigUint64(0, 0x1_0000_0001n, true);
    const numeric = storage(app, [
      value(12, 0x13, u32(3)),
      value(9, 0x0b, concat([u16(0xffff), u16(0)])),
      value(26, 0x48, guid('01234567-89ab-cdef-0123-456789abcdef')),
      value(15, 0x40, ftBytes),
      value(100, 0x15, u64),
      value(5, 0x1f, concat([u32(8), utf16('App.Id', true), u16(0)])),
    ]);
    // String-named storage (D5CDD505-…): size, name size, reserved, name, typed value.
    const name = utf16('Custom', true);
    const named = concat([u32(9 + name.length + 8), u32(name.length), new Uint8Array(1), name, u16(0x03), u16(0), u32(0xffffffff)]);
    const namedStorage = concat([u32(24 + named.length + 4), u32(0x53505331), guid('d5cdd505-2e9c-101b-9397-08002b2cf9ae'), named, u32(0)]);
    const store = concat([numeric, namedStorage, u32(0)]);
    const [block] = blocksOf(concat([u32(8 + store.length), u32(0xa0000009), store]));
    expect(block?.kind === 'propertyStore' && block.properties.map((p) => [p.id, p.name, p.type, p.value])).toEqual([
      [12, 'System.AppUserModel.StartPinOption', 'VT_UI4', 3],
      [9, 'System.AppUserModel.PreventPinning', 'VT_BOOL', true],
      [26, 'System.AppUserModel.ToastActivatorCLSID', 'VT_CLSID', '01234567-89ab-cdef-0123-456789abcdef'],
      [15, null, 'VT_FILETIME', filetimeToIso(ft)],
      [100, null, 'VT_UI8', '4294967297'],
      [5, 'System.AppUserModel.ID', 'VT_LPWSTR', 'App.Id'],
      ['Custom', null, 'VT_I4', -1],
    ]);
  });

  test('a value whose size runs past its storage ends that storage with a warning; the next storage is read', () => {
    const broken = concat([u32(24 + 13), u32(0x53505331), guid('b725f130-47ef-101a-a5f1-02608c9eebac'), u32(0x100), u32(10), new Uint8Array(5)]);
    const good = storage('b725f130-47ef-101a-a5f1-02608c9eebac', [value(10, 0x1f, concat([u32(3), utf16('ok', true)]))]);
    const store = concat([broken, good, u32(0)]);
    const link = parseShellLink(buildLink({ extra: [concat([u32(8 + store.length), u32(0xa0000009), store])] }));
    const block = link.extraData[0];
    expect(block?.kind === 'propertyStore' && block.properties.map((p) => p.value)).toEqual(['ok']);
    // The broken value sits after the block header (8) and the storage header (24).
    expect(link.warnings).toEqual([expect.objectContaining({ structure: 'property value', offset: EXTRA_AT + 8 + 24 })]);
  });
});
