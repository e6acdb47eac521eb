import { describe, expect, it } from 'vitest';
import type { ActivityItem } from '../../../src/registry/user-activity/activity-item.js';
import { ntuserActivity } from '../../../src/registry/user-activity/ntuser-sources.js';
import { builtHive } from '../support/built-hive.js';

/**
 * Open/Save dialog MRUs, XP and Vista+ forms. No public XP hive holds ComDlg32 (plaso's XP
 * NTUSER.DAT has none), so the XP keys are built here from the documented layout (RegRipper
 * comdlg32.pl): OpenSaveMRU and its
 * per-extension subkeys hold REG_SZ full paths named a, b, c… ordered by the MRUList string;
 * LastVisitedMRU values are REG_BINARY: the program's UTF-16 name, NUL, the folder's UTF-16 path,
 * NUL. The Vista+ PIDL forms are compared entry by entry with libfwsi on the real 7 and 10 hives
 * (differential-artifacts.integration.test.ts); one PIDL is built here to pin the layout:
 * u16 size + item, repeated, ended by a u16 zero.
 */
const COMDLG32 = 'Software\\Microsoft\\Windows\\CurrentVersion\\Explorer\\ComDlg32';
const u16z = (s: string): Buffer => Buffer.from(`${s}\0`, 'utf16le');

function run(keys: Parameters<typeof builtHive>[1]): { rows: [string, string, string][]; notes: string[] } {
  const items: ActivityItem[] = [];
  const notes: string[] = [];
  ntuserActivity(builtHive('NTUSER.DAT', keys), items, (n) => notes.push(n));
  return { rows: items.map((i) => [i.source, i.item, i.details]), notes };
}

/** Root folder item (class 0x1F, sort index 0x50, My Computer CLSID {20d04fe0-3aea-1069-a2d8-08002b30309d}). */
const MY_COMPUTER = Buffer.from('14001f50e04fd020ea3a6910a2d808002b30309d', 'hex');
/** Volume item (class 0x2F) "C:\" padded to 25 bytes, as Explorer writes it. */
const VOLUME_C = Buffer.concat([Buffer.from('19002f', 'hex'), Buffer.from('C:\\', 'latin1'), Buffer.alloc(19)]);
/** File entry item (class 0x32 = file) with its 8.3 name only: size, class, 0, u32 file size, u32 FAT time, u16 attributes, name NUL. */
function fileEntry(short: string): Buffer {
  const body = Buffer.concat([Buffer.from([0x32, 0]), Buffer.alloc(4), Buffer.alloc(4), Buffer.alloc(2), Buffer.from(`${short}\0`, 'latin1')]);
  const padded = Buffer.concat([body, Buffer.alloc(body.length % 2)]);
  const size = Buffer.alloc(2);
  size.writeUInt16LE(padded.length + 2);
  return Buffer.concat([size, padded]);
}

describe('ComDlg32 on XP (built keys)', () => {
  it('OpenSaveMRU and its extension subkeys: paths in MRUList order', () => {
    const { rows, notes } = run([
      { path: `${COMDLG32}\\OpenSaveMRU\\*`, values: { a: 'C:\\Documents and Settings\\joe\\My Documents\\old.txt', b: 'C:\\temp\\new.doc', MRUList: 'ba' } },
      { path: `${COMDLG32}\\OpenSaveMRU\\txt`, values: { a: 'C:\\Documents and Settings\\joe\\My Documents\\old.txt', MRUList: 'a' } },
    ]);
    expect(rows).toEqual([
      ['OpenSaveMRU *', 'C:\\temp\\new.doc', 'MRU position 1'],
      ['OpenSaveMRU *', 'C:\\Documents and Settings\\joe\\My Documents\\old.txt', 'MRU position 2'],
      ['OpenSaveMRU txt', 'C:\\Documents and Settings\\joe\\My Documents\\old.txt', 'MRU position 1'],
    ]);
    expect(notes).toEqual([]);
  });

  it('LastVisitedMRU: program, then folder', () => {
    const { rows } = run([{ path: `${COMDLG32}\\LastVisitedMRU`, values: { a: Buffer.concat([u16z('NOTEPAD.EXE'), u16z('C:\\temp')]), MRUList: 'a' } }]);
    expect(rows).toEqual([['LastVisitedMRU', 'NOTEPAD.EXE', 'folder C:\\temp; MRU position 1']]);
  });

  it('refuses a path with an unpaired surrogate', () => {
    const { rows, notes } = run([{ path: `${COMDLG32}\\OpenSaveMRU\\*`, values: { a: 'C:\\bad\uD800.txt', MRUList: 'a' } }]);
    expect(rows).toEqual([]);
    expect(notes).toEqual([`OpenSaveMRU * ${COMDLG32}\\OpenSaveMRU\\*\\a: text holds an unpaired UTF-16 surrogate; not shown`]);
  });
});

describe('ComDlg32 on Vista+ (built PIDLs)', () => {
  it('OpenSavePidlMRU: the PIDL as a path, MRUListEx order', () => {
    const pidl = (name: string): Buffer => Buffer.concat([MY_COMPUTER, VOLUME_C, fileEntry(name), Buffer.alloc(2)]);
    const order = Buffer.from('01000000' + '00000000' + 'ffffffff', 'hex');
    const { rows } = run([{ path: `${COMDLG32}\\OpenSavePidlMRU\\txt`, values: { 0: pidl('A.TXT'), 1: pidl('B.TXT'), MRUListEx: order } }]);
    expect(rows).toEqual([
      ['OpenSavePidlMRU txt', 'My Computer\\C:\\B.TXT', 'MRU position 1'],
      ['OpenSavePidlMRU txt', 'My Computer\\C:\\A.TXT', 'MRU position 2'],
    ]);
  });

  it('LastVisitedPidlMRU: program name, NUL, PIDL of the folder; a PIDL with no item is refused', () => {
    const { rows, notes } = run([
      {
        path: `${COMDLG32}\\LastVisitedPidlMRU`,
        values: {
          0: Buffer.concat([u16z('notepad.exe'), MY_COMPUTER, VOLUME_C, Buffer.alloc(2)]),
          1: Buffer.concat([u16z('x.exe'), Buffer.alloc(2)]),
          MRUListEx: Buffer.from('00000000' + '01000000' + 'ffffffff', 'hex'),
        },
      },
    ]);
    expect(rows).toEqual([['LastVisitedPidlMRU', 'notepad.exe', 'folder My Computer\\C:; MRU position 1']]);
    expect(notes).toEqual([`LastVisitedPidlMRU ${COMDLG32}\\LastVisitedPidlMRU\\1: no shell item in 2 bytes; not shown`]);
  });
});
