import { readFileSync } from 'node:fs';
import { crc32 } from 'node:zlib';
import { Hive } from '@quarry/registry';
import type { ParseCategory } from '@quarry/vocabulary';
import { describe, expect, test } from 'vitest';
import { runPipeline, type Insight, type PipelineInput } from '../../src/index.js';
import { HAVE_SAMPLES, NO_SAMPLES, samplePath } from '../support/inputs.js';

/**
 * Issue 36 item 3 on bytes made bad by the test: a real sample with one value overwritten at an
 * offset written down here. The bad item must not be a row; it must be a warning with its offset
 * in the input's File metadata (and, for EVTX, in the Overview).
 */
function job(category: ParseCategory, name: string, bytes: Buffer): Promise<Insight[]> {
  const input: PipelineInput = {
    ref: { position: 0, fileId: '00000000-0000-4000-8000-000000000000', name, size: bytes.length, sha256: '' },
    open: async function* () {
      yield bytes;
    },
  };
  return runPipeline({ category, inputs: [input], options: { runSigmaRules: false }, threads: 1 });
}

function metadata(insights: Insight[], title: string): Record<string, string> {
  for (const i of insights) if ('Metadata' in i && i.Metadata.title === title) return i.Metadata.data;
  throw new Error(`no Metadata ${title}`);
}

function rows(insights: Insight[], title: string): Record<string, string>[] {
  for (const i of insights) {
    if (!('Table' in i) || i.Table.title !== title) continue;
    const [head = [], ...data] = i.Table.data;
    return data.map((r) => Object.fromEntries(head.map((h, c) => [h, r[c] ?? ''])));
  }
  throw new Error(`no Table ${title}`);
}

const filetime = (ms: number): bigint => (BigInt(ms) + 11_644_473_600_000n) * 10_000n;
const allCells = (insights: Insight[]): string => JSON.stringify(insights.filter((i) => !('Metadata' in i)));

describe.skipIf(!HAVE_SAMPLES)(`Crafted garbage lands as a warning with its offset, not as a row ${HAVE_SAMPLES ? '' : NO_SAMPLES}`, () => {
  test('prefetch v23: a last-run FILETIME of 1 (1601) and a file name string with a lone surrogate', async () => {
    const name = 'CALC.EXE-77FDF17F.pf';
    const bytes = Buffer.from(readFileSync(samplePath(`prefetch/Windows-Prefetch-Parser/Win7/${name}`)));
    // v23 file information: the one last-run FILETIME at 0x80; the filename strings offset (u32) at 0x64.
    bytes.writeBigUInt64LE(1n, 0x80);
    const strings = bytes.readUInt32LE(0x64);
    const first = bytes.toString('utf16le', strings, bytes.indexOf('\0\0', strings) + 1);
    expect(first).toBe('\\DEVICE\\HARDDISKVOLUME2\\WINDOWS\\SYSTEM32\\NTDLL.DLL');
    // Character 41 (the N of NTDLL) becomes a lone high surrogate; the parser's UTF-16 decoder shows it as U+FFFD.
    bytes.writeUInt16LE(0xd800, strings + 41 * 2);

    const insights = await job('prefetch', name, bytes);
    const meta = metadata(insights, `File metadata: ${name}`);
    expect(meta['implausible_items']).toBe('2');
    expect(meta['warnings']).toContain('not shown: prefetch last run time at byte 0x80 (run slot 1): time in 1601, before 1980-01-01');
    expect(meta['warnings']).toMatch(
      /not shown: prefetch file metrics entry at entry 0: (replacement character U\+FFFD|unpaired surrogate U\+D800) at character 41 in "\\\\DEVICE\\\\HARDDISKVOLUME2\\\\WINDOWS\\\\SYSTEM32\\\\\\u(fffd|d800)TDLL\.DLL"/,
    );
    const stats = rows(insights, 'Executable Statistics');
    expect(stats).toHaveLength(1);
    expect(stats[0]!['Last Run']).toBe('');
    expect(stats[0]!['Recorded Runs']).toBe('');
    expect(allCells(insights)).not.toContain('1601-');
    expect(rows(insights, 'Module Analysis').some((r) => /[\ud800\ufffd]/.test(r['Path']! + r['Module']!))).toBe(false);
    // The rejected time still counts as a stored run out of range, not as "no run time" (A8).
    const anomalies = rows(insights, 'Anomaly Detection');
    expect(anomalies.filter((r) => r['Rule'] === 'Damaged file').map((r) => r['Details'])).toEqual([`${name}: 1 run time out of range`]);
    expect(anomalies.some((r) => r['Rule'] === 'A8 no run time')).toBe(false);
    // The reference that was not damaged is still there.
    expect(rows(insights, 'Module Analysis').some((r) => r['Module'] === 'KERNEL32.DLL')).toBe(true);
  });

  test('EVTX: a record whose header time is in 2100 is kept out of every result type and reported with its record id and byte offset', async () => {
    const name = 'ID4720-Local user created.evtx';
    const bytes = Buffer.from(readFileSync(samplePath(`evtx/EVTX-to-MITRE-Attack/${name}`)));
    // First chunk at 0x1000; its first record at 0x1200 (magic 2a2a0000, size u32, id u64, FILETIME u64 at +16).
    expect(bytes.readUInt32LE(0x1200)).toBe(0x00002a2a);
    expect(bytes.readBigUInt64LE(0x1208)).toBe(1n);
    bytes.writeBigUInt64LE(filetime(Date.UTC(2100, 0, 1)), 0x1210);
    // Keep the chunk valid: records CRC32 at +0x34 over 0x200..free space (+0x30), header CRC32 at +0x7c over 0..0x78 and 0x80..0x200.
    const chunk = 0x1000;
    bytes.writeUInt32LE(crc32(bytes.subarray(chunk + 0x200, chunk + bytes.readUInt32LE(chunk + 0x30))), chunk + 0x34);
    bytes.writeUInt32LE(crc32(Buffer.concat([bytes.subarray(chunk, chunk + 0x78), bytes.subarray(chunk + 0x80, chunk + 0x200)])), chunk + 0x7c);

    const clean = await job('winevtx', name, Buffer.from(readFileSync(samplePath(`evtx/EVTX-to-MITRE-Attack/${name}`))));
    const insights = await job('winevtx', name, bytes);
    const reason = 'not shown: EVTX record at record 1 (byte 4608, chunk 0): time in 2100, after';
    const meta = metadata(insights, `File metadata: ${name}`);
    expect(meta['implausible_items']).toBe('1');
    expect(meta['warnings']).toContain(reason);
    expect(Number(meta['records'])).toBe(Number(metadata(clean, `File metadata: ${name}`)['records']) - 1);
    const overview = metadata(insights, 'Overview');
    expect(overview['implausible_items']).toBe('1');
    expect(overview['warnings']).toContain(`${name}: ${reason}`);
    expect(allCells(insights)).not.toContain('2100-');
  });

  test('registry: a UserAssist last-run FILETIME of 1 (1601) drops that item from User Activity', async () => {
    const name = 'NTUSER-WIN7.DAT';
    const bytes = Buffer.from(readFileSync(samplePath(`registry/plaso/${name}`)));
    // A Windows 7 UserAssist value (72 bytes, last run FILETIME @60) with a time and a name free of folder GUIDs.
    const hive = new Hive(Buffer.from(bytes), []);
    let target: { key: string; name: string; offset: number } | undefined;
    for (const key of hive.walk()) {
      if (!/\\UserAssist\\\{[^}]+\}\\Count$/i.test(key.path)) continue;
      const v = key.values.find((x) => x.raw.length === 72 && x.raw.readBigUInt64LE(60) !== 0n && !x.name.startsWith('{'));
      if (v) target = { key: key.path, name: v.name, offset: v.offset };
      if (target) break;
    }
    expect(target).toBeDefined();
    // vk cell (hive-relative offset; the hive bins start at file offset 4096): size i32, "vk", name length u16,
    // data size u32 @8, data cell offset u32 @12; the data cell's bytes follow its 4-byte size.
    const vk = 4096 + target!.offset;
    expect(bytes.toString('latin1', vk + 4, vk + 6)).toBe('vk');
    const data = 4096 + bytes.readUInt32LE(vk + 12) + 4;
    bytes.writeBigUInt64LE(1n, data + 60);
    const program = target!.name.replace(/[a-z]/gi, (c) =>
      String.fromCharCode(((c.toLowerCase().charCodeAt(0) - 97 + 13) % 26) + (c === c.toLowerCase() ? 97 : 65)),
    );

    const clean = await job('registry', name, Buffer.from(readFileSync(samplePath(`registry/plaso/${name}`))));
    const insights = await job('registry', name, bytes);
    const isTarget = (r: Record<string, string>) => r['Source'] === 'UserAssist' && r['Item'] === program;
    expect(rows(clean, 'User Activity').filter(isTarget)).toHaveLength(1);
    expect(rows(insights, 'User Activity').filter(isTarget)).toHaveLength(0);
    const meta = metadata(insights, `File metadata: ${name}`);
    expect(meta['implausible_items']).toBe('1');
    // The UserAssist decoder refuses the time as it reads the value (registry/decoders/plausible-time.ts): the
    // warning names the value's key path and name, and why.
    const keyPath = target!.key.slice(target!.key.indexOf('\\') + 1);
    const warning = (meta['warnings'] ?? '').split('\n').find((w) => w.startsWith(`not shown: User Activity value at ${name}: UserAssist `));
    expect(warning).toContain(`${keyPath}\\${target!.name}`);
    expect(warning).toMatch(/time in 1601, before 1980-01-01$/);
    expect(allCells(insights)).not.toContain('1601-');
  });
  test('registry: a Windows 10 ShimCache entry whose FILETIME is 1 (1601) is not a ShimCache row', async () => {
    const name = 'SYSTEM_B';
    const original = readFileSync(samplePath(`registry/regipy/${name}`));
    const bytes = Buffer.from(original);
    // The current control set's AppCompatCache value, decoded here by hand: header size u32 @0 (0x30/0x34), then
    // entries "10ts", hash u32, body size u32, body = path length u16, UTF-16 path, FILETIME u64, ….
    const hive = new Hive(Buffer.from(original), []);
    const select = [...hive.walk()].find((k) => /^[^\\]+\\Select$/i.test(k.path))!;
    const current = Number(select.values.find((v) => v.name === 'Current')!.data);
    const ccs = `ControlSet${String(current).padStart(3, '0')}`;
    const key = [...hive.walk()].find((k) => k.path.toLowerCase().endsWith(`\\${ccs}\\control\\session manager\\appcompatcache`.toLowerCase()))!;
    const raw = key.values.find((v) => v.name === 'AppCompatCache')!.raw;
    expect([0x30, 0x34]).toContain(raw.readUInt32LE(0));
    let at = raw.readUInt32LE(0);
    const entries: { path: string; filetimeAt: number }[] = [];
    while (entries.length < 3) {
      expect(raw.toString('latin1', at, at + 4)).toBe('10ts');
      const body = at + 12;
      const len = raw.readUInt16LE(body);
      entries.push({ path: raw.toString('utf16le', body + 2, body + 2 + len), filetimeAt: body + 2 + len });
      at = body + raw.readUInt32LE(at + 8);
    }
    const third = entries[2]!;
    // The value's bytes lie in the hive file as they are (a big value in 16 KiB segments): find the 32 bytes that end with the FILETIME.
    const window = raw.subarray(third.filetimeAt - 24, third.filetimeAt + 8);
    let patched = 0;
    for (let m = bytes.indexOf(window); m >= 0; m = bytes.indexOf(window, m + 1), patched++) bytes.writeBigUInt64LE(1n, m + 24);
    expect(patched).toBeGreaterThan(0);
    const path = third.path.replace(/^\\\?\?\\/, '');

    const clean = await job('registry', name, Buffer.from(original));
    const insights = await job('registry', name, bytes);
    const before = rows(clean, 'Application Data: ShimCache').find((r) => r['Position'] === '3');
    expect(before?.['Path']).toBe(path);
    expect(rows(insights, 'Application Data: ShimCache').some((r) => r['Position'] === '3' || r['Path'] === path)).toBe(false);
    expect(rows(insights, 'Application Data: ShimCache').some((r) => r['Position'] === '2')).toBe(true);
    const meta = metadata(insights, `File metadata: ${name}`);
    expect(meta['warnings']).toContain(`not shown: Application Data: ShimCache Last Modified at ${before!['Key']} entry 3: time in 1601, before 1980-01-01`);
  });
  test('registry: a 32-bit Windows 7 ShimCache whose first entry has no time shows only its real entries (the issue 36 report)', async () => {
    const name = 'SYSTEM_B';
    const original = readFileSync(samplePath(`registry/regipy/${name}`));
    // A 32-bit Windows 7 cache built here (libyal winreg-kb, "Windows 7 32-bit cache entry"): magic 0xbadc0fee,
    // count @4, 32-byte entries from 0x80 (path length u16, max length u16, path offset u32, FILETIME @8,
    // insert flags @16, shim flags @20, data size @24, data offset @28), paths after the entries.
    const truth = [
      { path: 'C:\\Windows\\system32\\nopath.exe', ms: null },
      { path: 'C:\\Windows\\system32\\cmd.exe', ms: Date.UTC(2012, 3, 6, 18, 50, 1) },
      { path: 'C:\\Users\\nfury\\Desktop\\tool.exe', ms: Date.UTC(2012, 3, 7, 9, 15, 30) },
    ];
    const ENTRY = 32;
    const blob = Buffer.alloc(0x80 + truth.length * ENTRY + 256);
    blob.writeUInt32LE(0xbadc0fee, 0);
    blob.writeUInt32LE(truth.length, 4);
    let text = 0x80 + truth.length * ENTRY;
    truth.forEach((t, i) => {
      const e = 0x80 + i * ENTRY;
      const bytes = Buffer.from(t.path, 'utf16le');
      blob.writeUInt16LE(bytes.length, e);
      blob.writeUInt16LE(bytes.length + 2, e + 2);
      blob.writeUInt32LE(text, e + 4);
      // No time recorded for the first entry (FILETIME 0): its high half at +12 is 0, as a 64-bit entry's would be.
      blob.writeBigUInt64LE(t.ms === null ? 0n : filetime(t.ms), e + 8);
      blob.writeUInt32LE(0x2, e + 16);
      bytes.copy(blob, text);
      text += bytes.length + 2;
    });
    // Written over the start of the current control set's AppCompatCache value, in place.
    const hive = new Hive(Buffer.from(original), []);
    const raw = [...hive.walk()]
      .find((k) => /\\ControlSet001\\Control\\Session Manager\\AppCompatCache$/i.test(k.path))!
      .values.find((v) => v.name === 'AppCompatCache')!.raw;
    expect(raw.length).toBeGreaterThan(blob.length);
    const bytes = Buffer.from(original);
    const at = bytes.indexOf(raw.subarray(0, 64));
    expect(at).toBeGreaterThan(0);
    blob.copy(bytes, at);

    const insights = await job('registry', name, bytes);
    const shown = rows(insights, 'Application Data: ShimCache');
    const real = new Set(truth.map((t) => `${t.path}|${t.ms === null ? '' : new Date(t.ms).toISOString().replace('T', ' ').replace('Z', ' UTC')}`));
    // Whatever the decoder makes of it, a row is one of the real entries, never garbage.
    for (const r of shown) expect(real).toContain(`${r['Path']}|${r['Last Modified']}`);
    // The word size is chosen by what every entry fits, never guessed from one field: all three real entries are
    // rows (the decoder before issue 36 read this value with the 64-bit layout, giving header bytes as paths and
    // times in 1601 and 1700), and nothing had to be kept out.
    expect(
      shown
        .filter((r) => r['Current'] === 'yes')
        .map((r) => r['Path'])
        .sort(),
    ).toEqual(truth.map((t) => t.path).sort());
    const reported = (metadata(insights, `File metadata: ${name}`)['warnings'] ?? '')
      .split('\n')
      .filter((w) => w.startsWith('not shown: Application Data: ShimCache'));
    expect(reported).toEqual([]);
  });
});
