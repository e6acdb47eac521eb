import { describe, expect, it } from 'vitest';
import { decodePidl, decodeShellItem } from '../../../src/registry/decoders/shell-items.js';

/**
 * Shell item layouts added for Windows 7-11 (libfwsi's "Windows Shell Item format" notes;
 * [MS-PROPSTORE] for the property store), each built here byte by byte. The same kinds are
 * compared with libfwsi on the real hives in differential-artifacts.integration.test.ts, where
 * they occur (plaso/NTUSER-WIN7.DAT, regipy/UsrClass.dat, dfwinreg/NTUSER.DAT).
 */
const u16 = (n: number): Buffer => Buffer.from([n & 0xff, n >> 8]);
const u32 = (n: number): Buffer => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n >>> 0);
  return b;
};
/** A GUID as stored: Data1-3 little-endian, Data4 as is. */
const guidBytes = (g: string): Buffer => {
  const h = g.replace(/-/g, '');
  const le = (s: string): string => s.match(/../g)!.reverse().join('');
  return Buffer.from(le(h.slice(0, 8)) + le(h.slice(8, 12)) + le(h.slice(12, 16)) + h.slice(16), 'hex');
};
const item = (body: Buffer): Buffer => Buffer.concat([u16(body.length + 2), body]);

/** One serialized property storage holding PKEY_DisplayName ({b725f130-…}, id 10) as VT_LPWSTR, then the list's zero terminator. */
function displayNameStore(name: string): Buffer {
  const text = Buffer.from(`${name}\0`, 'utf16le');
  const value = Buffer.concat([u16(0x1f), u16(0), u32(name.length + 1), text]);
  const record = Buffer.concat([u32(9 + value.length), u32(10), Buffer.from([0]), value]);
  const storage = Buffer.concat([Buffer.from('1SPS', 'latin1'), guidBytes('b725f130-47ef-101a-a5f1-02608c9eebac'), record, u32(0)]);
  return Buffer.concat([u32(storage.length + 4), storage, u32(0)]);
}

describe('shell items added for 7+', () => {
  it('users property view, class 0x00, signature 0x3B93AFBB at 4: PKEY_DisplayName', () => {
    const store = displayNameStore('controller');
    const bytes = item(Buffer.concat([Buffer.from([0x00, 0x00]), u32(0x3b93afbb), u16(store.length), u16(4), u32(0), store]));
    expect(decodeShellItem(bytes)).toEqual({ name: 'controller', type: 'Users property view' });
  });

  it('users property view, class 0x00, signature 0x23FEBBEE at 6: the 16-byte known-folder identifier', () => {
    const bytes = item(
      Buffer.concat([Buffer.from([0x00, 0x00]), u16(0x1a), u32(0x23febbee), u16(0), u16(16), guidBytes('374de290-123f-4565-9164-39c4925e467b'), u16(0)]),
    );
    expect(decodeShellItem(bytes)).toEqual({ name: 'Downloads', type: 'Users property view' });
  });

  it('root folder carrying a users property view (class 0x1F, 0x23A3DFD5 at 6): the delegate folder CLSID after the store', () => {
    const store = displayNameStore('ignored when the CLSID is known');
    const delegate = Buffer.concat([guidBytes('5e591a74-df96-48d3-8d67-1733bcee28ba'), guidBytes('04731b67-d933-450a-90e6-4acd2e9408fe')]);
    const bytes = item(Buffer.concat([Buffer.from([0x1f, 0x00]), u16(0), u32(0x23a3dfd5), u16(store.length), u16(4), u32(0), store, delegate]));
    expect(decodeShellItem(bytes)).toEqual({ name: 'Search Folder', type: 'Users property view' });
  });

  it('Windows 10 drive item: class 0x1F, signature 0xF5A6B710 at 6, volume item at 10', () => {
    const volume = item(Buffer.concat([Buffer.from([0x2f]), Buffer.from('D:\\', 'latin1'), Buffer.alloc(19)]));
    const bytes = item(Buffer.concat([Buffer.from([0x1f, 0x00]), u16(0x2f), u32(0xf5a6b710), volume]));
    expect(decodeShellItem(bytes)).toEqual({ name: 'D:', type: 'Volume' });
  });

  it('a users property view whose store size runs past the item keeps no name', () => {
    const bytes = item(Buffer.concat([Buffer.from([0x00, 0x00]), u32(0x3b93afbb), u16(0x4000), u16(0), Buffer.alloc(8)]));
    expect(decodeShellItem(bytes)).toEqual({ name: '<users property view>', type: 'Users property view' });
  });
});

describe('damaged shell items', () => {
  it('every prefix of each built item, and 20000 random items of the new classes, decode without throwing', () => {
    const store = displayNameStore('controller');
    const samples = [
      item(Buffer.concat([Buffer.from([0x00, 0x00]), u32(0x3b93afbb), u16(store.length), u16(4), u32(0), store])),
      item(Buffer.concat([Buffer.from([0x1f, 0x00]), u16(0), u32(0x23a3dfd5), u16(store.length), u16(16), Buffer.alloc(16), store, Buffer.alloc(32)])),
      item(Buffer.concat([Buffer.from([0x1f, 0x00]), u16(0x2f), u32(0xf5a6b710), Buffer.from('19002f443a5c', 'hex')])),
    ];
    for (const b of samples) for (let n = 0; n <= b.length; n++) expect(() => decodeShellItem(b.subarray(0, n))).not.toThrow();
    // A fixed linear congruential sequence: the same bytes on every run.
    let x = 12345;
    const rnd = (): number => (x = (x * 1103515245 + 12345) % 2 ** 31) & 0xff;
    for (let i = 0; i < 20000; i++) {
      const b = Buffer.from(Array.from({ length: 3 + (rnd() % 96) }, rnd));
      b[2] = [0x00, 0x1f, 0x2e, 0x31, 0x74][i % 5]!;
      if (i % 3 === 0 && b.length >= 10) b.writeUInt32LE([0x3b93afbb, 0x23febbee, 0xf5a6b710][i % 9 === 0 ? 2 : 0]!, 6);
      expect(() => decodeShellItem(b)).not.toThrow();
      expect(() => decodePidl(b)).not.toThrow();
    }
  });
});
