import { describe, expect, it } from 'vitest';
import { decodeAppCompatCache } from '../../src/registry/decoders/appcompatcache/index.js';
import { shimCacheRows } from '../../src/registry/shim-cache.js';
import { HiveKeys } from '../../src/registry/store/hive-keys.js';
import type { SlimKey } from '../../src/registry/store/slim-key.js';
import { buildTable, buildTs, buildXp, type BuiltEntry } from './support/appcompatcache-builder.js';

/**
 * Every AppCompatCache layout. No public SYSTEM hive of XP, 2003, Vista, 7 or 8.x exists in the
 * samples or the corpora this machine can reach (the one real SYSTEM hive, regipy's SYSTEM_B, is
 * Windows 10 with the 52-byte header: the differential test compares it with regipy), so these
 * values are built from the documented layouts by support/appcompatcache-builder.ts and the decoded
 * entries must be the ones the builder wrote.
 */
const ENTRIES: BuiltEntry[] = [
  { path: 'C:\\Windows\\system32\\cmd.exe', lastModified: '2010-11-20T21:29:04.1234567Z', insertFlags: 0x2, fileSize: 302592 },
  { path: '\\??\\C:\\Users\\Public\\Downloads\\mimikatz.exe', lastModified: '2014-03-02T08:15:00.0000001Z', insertFlags: 0x0, fileSize: 1100288 },
  { path: 'C:\\Program Files\\Ünïcödé ☃\\setup.exe', lastModified: null, insertFlags: 0x3, fileSize: 4096 },
];

const expected = (executed: 'flags' | null): unknown[] =>
  ENTRIES.map((e, i) => ({
    position: i + 1,
    path: e.path,
    lastModified: e.lastModified,
    executed: executed === null ? null : ((e.insertFlags ?? 0) & 2) !== 0,
  }));

describe('AppCompatCache: every layout, recognised by signature and entry size', () => {
  it('Windows XP 32-bit (0xdeadbeef, 552-byte entries): paths and times, no executed flag', () => {
    const v = decodeAppCompatCache(buildXp(ENTRIES));
    expect(v).toEqual({ format: 'Windows XP, 32-bit entries', entries: expected(null), warnings: [] });
  });

  for (const bits of [32, 64] as const) {
    it(`Server 2003 / XP 64-bit (0xbadc0ffe, ${bits === 32 ? 24 : 32}-byte entries with file sizes): no executed flag`, () => {
      const v = decodeAppCompatCache(buildTable('2003', bits, ENTRIES));
      expect(v).toEqual({ format: `Windows Server 2003 / XP 64-bit, ${bits}-bit entries`, entries: expected(null), warnings: [] });
    });
    it(`Vista / 2008 (0xbadc0ffe, ${bits === 32 ? 24 : 32}-byte entries with insert flags): executed = flag 0x2`, () => {
      const v = decodeAppCompatCache(buildTable('vista', bits, ENTRIES));
      expect(v).toEqual({ format: `Windows Vista / Server 2008, ${bits}-bit entries`, entries: expected('flags'), warnings: [] });
    });
    it(`Windows 7 / 2008 R2 (0xbadc0fee, ${bits === 32 ? 32 : 48}-byte entries): executed = flag 0x2`, () => {
      const v = decodeAppCompatCache(buildTable('win7', bits, ENTRIES));
      expect(v).toEqual({ format: `Windows 7 / Server 2008 R2, ${bits}-bit entries`, entries: expected('flags'), warnings: [] });
    });
  }

  it('Windows 8.0 ("00ts") and 8.1 ("10ts"): the package name is skipped, executed = flag 0x2', () => {
    const pkgs = ['', 'Microsoft.WindowsCalculator_8wekyb3d8bbwe', ''];
    expect(decodeAppCompatCache(buildTs('8.0', ENTRIES, pkgs))).toEqual({ format: 'Windows 8.0 / Server 2012', entries: expected('flags'), warnings: [] });
    expect(decodeAppCompatCache(buildTs('8.1', ENTRIES, pkgs))).toEqual({ format: 'Windows 8.1 / Server 2012 R2', entries: expected('flags'), warnings: [] });
  });

  it('Windows 10 / 11 / 2016+ with the 48- and 52-byte headers: no executed flag', () => {
    expect(decodeAppCompatCache(buildTs('10', ENTRIES))).toEqual({
      format: 'Windows 10 / 11 / Server 2016+ (48-byte header)',
      entries: expected(null),
      warnings: [],
    });
    expect(decodeAppCompatCache(buildTs('10-1703', ENTRIES))).toEqual({
      format: 'Windows 10 1703+ / 11 / Server 2019+ (52-byte header)',
      entries: expected(null),
      warnings: [],
    });
  });

  it('issue 36: a 32-bit Windows 7 SYSTEM value with 330 entries decodes every path and time (no random characters, no 1601)', () => {
    const tools = ['C:\\Users\\Public\\psexec.exe', 'C:\\ProgramData\\mimikatz.exe', 'C:\\Windows\\Temp\\procdump.exe', 'C:\\PerfLogs\\nc.exe'];
    const built: BuiltEntry[] = Array.from({ length: 330 }, (_, i) => ({
      path: tools[i % 83] ?? `C:\\Windows\\System32\\prog${i}.exe`,
      lastModified: `2012-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}T10:${String(i % 60).padStart(2, '0')}:00.${String(i).padStart(7, '0')}Z`,
      insertFlags: i % 3 === 0 ? 2 : 0,
    }));
    const v = decodeAppCompatCache(buildTable('win7', 32, built));
    expect(v.format).toBe('Windows 7 / Server 2008 R2, 32-bit entries');
    expect(v.warnings).toEqual([]);
    expect(v.entries.map((e) => [e.path, e.lastModified, e.executed])).toEqual(built.map((e) => [e.path, e.lastModified, e.insertFlags === 2]));
    // The failure mode of the old guess (64-bit layout on 32-bit entries): non-ASCII garbage paths and 1601 times.
    expect(v.entries.every((e) => /^[ -~]+$/.test(e.path) && !e.lastModified?.startsWith('1601'))).toBe(true);
    expect(v.entries.filter((e) => tools.includes(e.path))).toHaveLength(16);
  });

  it('an unknown signature is a warning naming it, never rows', () => {
    const v = decodeAppCompatCache(Buffer.from('78563412000000000000000000000000', 'hex'));
    expect(v).toEqual({ format: 'unknown', entries: [], warnings: ['unknown AppCompatCache signature 0x12345678 (16 bytes): not decoded'] });
    // A 10/11 header size whose first entry is not "10ts".
    const bad = buildTs('10', ENTRIES);
    bad.write('99ts', 0x30, 'latin1');
    expect(decodeAppCompatCache(bad)).toEqual({
      format: 'unknown',
      entries: [],
      warnings: ['unknown AppCompatCache signature 0x00000030, first entry signature 0x73743939 (' + bad.length + ' bytes): not decoded'],
    });
  });

  it('a damaged value yields the entries that fit plus a warning, never a crash', () => {
    const win7 = buildTable('win7', 64, ENTRIES);
    // Cut inside the third path: the third entry's path runs past the value.
    const cut = decodeAppCompatCache(win7.subarray(0, win7.length - 30));
    expect(cut.entries.map((e) => e.path)).toEqual(ENTRIES.slice(0, 2).map((e) => e.path));
    expect(cut.warnings).toEqual([expect.stringMatching(/^entry 3 of 3 \(offset 224\) does not fit the 64-bit layout/)]);
    const ts = buildTs('10-1703', ENTRIES);
    const tsCut = decodeAppCompatCache(ts.subarray(0, ts.length - 3));
    expect(tsCut.entries).toHaveLength(2);
    expect(tsCut.warnings[0]).toMatch(/^entry 3 \(offset \d+\) declares \d+ bytes, past the value's end/);
    expect(tsCut.warnings[1]).toBe('header counts 3 entries, 2 decoded');
    // A FILETIME past year 9999 (entry 2's FILETIME: 0x80 + 32 + 8 in a 32-bit Windows 7 value) is left empty, with a warning.
    const far = buildTable('win7', 32, ENTRIES);
    far.writeBigUInt64LE(0xffffffffffffffffn, 0x80 + 32 + 8);
    const farValue = decodeAppCompatCache(far);
    expect(farValue.entries.map((e) => e.lastModified)).toEqual([ENTRIES[0]!.lastModified, null, null]);
    expect(farValue.warnings).toEqual(['entry 2: last modification time 0xffffffffffffffff is out of range, left empty']);
    // Random bytes behind every signature: only decoded entries and warnings come back.
    let seed = 7;
    const rnd = (): number => (seed = (seed * 1103515245 + 12345) % 2147483648) % 256;
    for (const sig of [0xdeadbeef, 0xbadc0ffe, 0xbadc0fee, 0x80, 0x30, 0x34]) {
      for (let n = 0; n < 300; n++) {
        const b = Buffer.from(Array.from({ length: 8 + (n % 97) * 7 }, rnd));
        b.writeUInt32LE(sig, 0);
        if (sig < 0x100 && b.length >= sig + 4) b.write('10ts', sig, 'latin1');
        expect(() => decodeAppCompatCache(b)).not.toThrow();
      }
    }
  });
});

describe('ShimCache table: every control set, deduplicated, the current one marked', () => {
  const key = (path: string, values: SlimKey['values']): SlimKey => ({
    path,
    name: path.split('\\').at(-1)!,
    lastWrite: '2013-05-01T00:00:00.0000000Z',
    deleted: false,
    values,
  });
  const shim = (set: string, data: Buffer): SlimKey =>
    key(`${set}\\Control\\Session Manager\\AppCompatCache`, [{ name: 'AppCompatCache', typeCode: 3, data, deleted: false }]);

  it('rows from ControlSet001 and ControlSet002 once each, positions and key from the current set', () => {
    const h = new HiveKeys({
      input: { position: 0, fileId: 'f', name: 'SYSTEM', size: 0, sha256: '' },
      name: 'SYSTEM',
      member: null,
      type: 'SYSTEM',
      embeddedName: '',
      dirtyWithoutLogs: false,
    });
    h.add(key('Select', [{ name: 'Current', typeCode: 4, data: 2, deleted: false }]));
    // ControlSet001 (the last known good) holds the older cache: entries 0 and 1; ControlSet002 (current) holds 2, 0.
    h.add(shim('ControlSet001', buildTable('win7', 32, [ENTRIES[0]!, ENTRIES[1]!])));
    h.add(shim('ControlSet002', buildTable('win7', 32, [ENTRIES[2]!, ENTRIES[0]!])));
    const { rows, notes } = shimCacheRows([h]);
    expect(notes).toEqual([]);
    expect(rows.map((r) => [r.cells['Position'], r.cells['Path'], r.cells['Control Sets'], r.cells['Current'], r.cells['Key']])).toEqual([
      ['1', ENTRIES[2]!.path, 'ControlSet002', 'yes', 'SYSTEM\\ControlSet002\\Control\\Session Manager\\AppCompatCache'],
      ['2', ENTRIES[0]!.path, 'ControlSet001, ControlSet002', 'yes', 'SYSTEM\\ControlSet002\\Control\\Session Manager\\AppCompatCache'],
      ['2', ENTRIES[1]!.path.slice(4), 'ControlSet001', '', 'SYSTEM\\ControlSet001\\Control\\Session Manager\\AppCompatCache'],
    ]);
    expect(rows.find((r) => r.cells['Path']!.endsWith('mimikatz.exe'))!.importance).not.toBe('Informational');
  });

  it('an unknown signature in one set is a note naming it, with no rows from that set', () => {
    const h = new HiveKeys({
      input: { position: 0, fileId: 'f', name: 'SYSTEM', size: 0, sha256: '' },
      name: 'SYSTEM',
      member: null,
      type: 'SYSTEM',
      embeddedName: '',
      dirtyWithoutLogs: false,
    });
    h.add(key('Select', [{ name: 'Current', typeCode: 4, data: 1, deleted: false }]));
    h.add(shim('ControlSet001', buildTs('10', ENTRIES)));
    h.add(shim('ControlSet002', Buffer.from('efbeadde', 'hex').reverse()));
    const { rows, notes } = shimCacheRows([h]);
    expect(rows.map((r) => r.cells['Control Sets'])).toEqual(['ControlSet001', 'ControlSet001', 'ControlSet001']);
    expect(notes.map((n) => n.cells)).toEqual([
      {
        Hive: 'SYSTEM',
        Key: 'SYSTEM\\ControlSet002\\Control\\Session Manager\\AppCompatCache',
        Note: 'unknown AppCompatCache signature 0xefbeadde (4 bytes): not decoded',
      },
    ]);
  });
});
