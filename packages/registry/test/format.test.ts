import { describe, expect, test } from 'vitest';
import { binaryViews, dataToJson, filetimeToIso, hexdump, keyToJson, keyToJsonLine, openHive, valueTypeName } from '../src/index.js';
import { decodeValueData } from '../src/value-types.js';
import { HAVE_SAMPLES, NO_SAMPLES_REASON, sample } from './support/shared.js';

describe('value formatting', () => {
  test('binary views: hex, hexdump, UTF-8 and UTF-16LE text', () => {
    const buf = Buffer.concat([Buffer.from('cmd.exe\0', 'utf16le'), Buffer.from('AB\x01')]);
    const v = binaryViews(buf);
    expect(v.hex).toBe(buf.toString('hex'));
    expect(v.utf16le.startsWith('cmd.exe.')).toBe(true);
    expect(v.utf8).toContain('c.m.d');
    expect(v.hexdump.split('\n')[0]).toBe('00000000  63 00 6d 00 64 00 2e 00 65 00 78 00 65 00 00 00  |c.m.d...e.x.e...|');
    expect(v.hexdump.split('\n')[1]).toBe(`00000010  41 42 01${' '.repeat(39)}  |AB.|`);
    expect(hexdump(Buffer.alloc(0))).toBe('');
  });

  test('type decoding by code, with sizes that do not fit kept raw', () => {
    expect(decodeValueData(1, Buffer.from('abc\0junk', 'utf16le'))).toBe('abc');
    expect(decodeValueData(7, Buffer.from('a\0bc\0\0slack', 'utf16le'))).toEqual(['a', 'bc']);
    expect(decodeValueData(4, Buffer.from([1, 2, 0, 0]))).toBe(0x0201);
    expect(decodeValueData(5, Buffer.from([0, 0, 2, 1]))).toBe(0x0201);
    expect(decodeValueData(11, Buffer.from([1, 0, 0, 0, 0, 0, 0, 0x80]))).toBe(0x8000000000000001n);
    expect(Buffer.isBuffer(decodeValueData(4, Buffer.from([1, 2])))).toBe(true);
    expect(dataToJson(0x8000000000000001n)).toBe('9223372036854775809');
    expect(dataToJson(Buffer.from([0xde, 0xad]))).toBe('dead');
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 0xffff0011].map(valueTypeName)).toEqual([
      'RegNone',
      'RegSZ',
      'RegExpandSZ',
      'RegBinary',
      'RegDWord',
      'RegDWordBigEndian',
      'RegLink',
      'RegMultiSZ',
      'RegResourceList',
      'RegFullResourceDescriptor',
      'RegResourceRequirementsList',
      'RegQWord',
      'RegUnknown',
      'RegUnknown',
    ]);
  });

  test('FILETIME to UTC ISO-8601', () => {
    expect(filetimeToIso(116444736000000000n)).toBe('1970-01-01T00:00:00.0000000Z');
    expect(filetimeToIso(132539760123456789n)).toBe('2021-01-01T12:00:12.3456789Z');
    expect(filetimeToIso(1n)).toBe('1601-01-01T00:00:00.0000001Z');
    expect(filetimeToIso(0n)).toBeNull();
    // Leap day and end of a century year; checked against Date for a spread of times.
    expect(filetimeToIso(125962560000000000n)).toBe('2000-02-29T00:00:00.0000000Z');
    for (let ms = -11644473600000 + 86_400_000; ms < 253402300799000; ms += 86_399_999_937) {
      const ft = BigInt(ms) * 10_000n + 116444736000000000n;
      expect(filetimeToIso(ft)).toBe(new Date(ms).toISOString().replace('Z', '0000Z'));
    }
    expect(filetimeToIso(0xffffffffffffffffn)).toBeNull();
  });

  test.skipIf(!HAVE_SAMPLES)(`real values of every type keep their raw bytes${HAVE_SAMPLES ? '' : ` (${NO_SAMPLES_REASON})`}`, async () => {
    const hive = await openHive(sample('regipy/SYSTEM_B'));
    const types = new Set<string>();
    for (const k of hive.walk()) {
      for (const v of k.values) {
        types.add(v.type);
        if (v.size <= 4 || v.warnings.length > 0) continue;
        expect(v.raw.length).toBe(v.size);
      }
    }
    expect([...types].sort()).toEqual([
      'RegBinary',
      'RegDWord',
      'RegExpandSZ',
      'RegMultiSZ',
      'RegNone',
      'RegQWord',
      'RegResourceList',
      'RegResourceRequirementsList',
      'RegSZ',
      'RegUnknown',
    ]);
  });

  test.skipIf(!HAVE_SAMPLES)(`the CLI's direct JSON line is exactly JSON.stringify(keyToJson)${HAVE_SAMPLES ? '' : ` (${NO_SAMPLES_REASON})`}`, async () => {
    // Names with quotes, controls and non-ASCII, every value type, deleted keys, null times.
    for (const path of ['regipy/UsrClass.dat', 'EricZimmerman-Registry/UsrClassDeletedBags.dat', 'regipy/SYSTEM_B']) {
      const hive = await openHive(sample(path));
      for (const k of hive.walk({ deleted: true })) {
        const expected = JSON.stringify(keyToJson(k));
        if (keyToJsonLine(k) !== expected) expect(keyToJsonLine(k)).toBe(expected);
        if (keyToJsonLine(k, path) !== JSON.stringify({ hive: path, ...keyToJson(k) }))
          expect(keyToJsonLine(k, path)).toBe(JSON.stringify({ hive: path, ...keyToJson(k) }));
      }
    }
  });
});
