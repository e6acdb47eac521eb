import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { describe, expect, test } from 'vitest';
import { SAMPLES, warnIfNoSamples } from './support/harness.js';
import { buildCollection, hostFiles, velociraptorEscape, velociraptorExtras, velociraptorName } from './support/triage-collection.js';

const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

/** Local file headers of a zip, read by hand (APPNOTE 4.3.7): name, flags, CRC and sizes as the header gives them. */
function localHeaders(zip: Uint8Array): { name: string; flags: number; crc: number; compressed: number }[] {
  const view = Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength);
  const out: { name: string; flags: number; crc: number; compressed: number }[] = [];
  for (let off = view.indexOf('PK\x03\x04', 0, 'latin1'); off >= 0; off = view.indexOf('PK\x03\x04', off + 4, 'latin1')) {
    // Offsets within the header: flags @6, CRC-32 @14, compressed size @18, name length @26, name @30.
    const nameLength = view.readUInt16LE(off + 26);
    out.push({
      name: view.toString('utf8', off + 30, off + 30 + nameLength),
      flags: view.readUInt16LE(off + 6),
      crc: view.readUInt32LE(off + 14),
      compressed: view.readUInt32LE(off + 18),
    });
  }
  return out;
}

test('Velociraptor escapes the drive colon, the device path and a `%` in a name, and nothing else', () => {
  expect(velociraptorEscape('C:')).toBe('C%3A');
  expect(velociraptorEscape('Microsoft-Windows-Sysmon%4Operational.evtx')).toBe('Microsoft-Windows-Sysmon%254Operational.evtx');
  expect(velociraptorEscape('All File Metadata.json')).toBe('All File Metadata.json');
  expect(velociraptorName('Windows/System32/config/SYSTEM', 'ntfs')).toBe('uploads/ntfs/%5C%5C.%5CC%3A/Windows/System32/config/SYSTEM');
  expect(velociraptorName('Windows/Prefetch/CMD.EXE-D269B812.pf', 'auto')).toBe('uploads/auto/C%3A/Windows/Prefetch/CMD.EXE-D269B812.pf');
  // Decoding (what a reader does) gives the Windows path back.
  expect(decodeURIComponent('uploads/auto/C%3A/Windows/System32/winevt/Logs/Microsoft-Windows-Sysmon%254Operational.evtx')).toBe(
    'uploads/auto/C:/Windows/System32/winevt/Logs/Microsoft-Windows-Sysmon%4Operational.evtx',
  );
});

warnIfNoSamples();
describe.skipIf(!existsSync(SAMPLES))('triage collections built from the samples', () => {
  const files = hostFiles('jdoe');

  test('every host file is a sample; hives sit beside their logs', () => {
    for (const f of files) expect(existsSync(join(SAMPLES, f.sample)), f.sample).toBe(true);
    const ats = files.map((f) => f.at);
    for (const hive of ['Windows/System32/config/SYSTEM', 'Users/jdoe/AppData/Local/Microsoft/Windows/UsrClass.dat'])
      expect(ats.filter((a) => a.startsWith(`${hive}.LOG`))).toEqual([`${hive}.LOG1`, `${hive}.LOG2`]);
  });

  test('KAPE: members under C/ with sizes in their headers, bytes equal to the samples', async () => {
    const zip = await buildCollection('kape', files);
    const members = unzipSync(zip);
    expect(Object.keys(members).sort()).toEqual(files.map((f) => `C/${f.at}`).sort());
    for (const f of files) expect(sha(members[`C/${f.at}`]!), f.at).toBe(sha(readFileSync(join(SAMPLES, f.sample))));
    expect(localHeaders(zip).every((h) => (h.flags & 0x8) === 0 && h.compressed > 0)).toBe(true);
    expect(Object.keys(members)).toContain('C/Users/jdoe/NTUSER.DAT');
  });

  test('Velociraptor: escaped upload paths, data descriptors, the collector files as extra members', async () => {
    const zip = await buildCollection('velociraptor', files, { extras: velociraptorExtras('HOST') });
    const headers = localHeaders(zip);
    // Streamed: bit 3 set, CRC and sizes zero in the local header (they follow the data).
    expect(headers.every((h) => (h.flags & 0x8) === 0x8 && h.crc === 0 && h.compressed === 0)).toBe(true);
    const names = Object.keys(unzipSync(zip));
    expect(names).toContain('uploads/ntfs/%5C%5C.%5CC%3A/Windows/System32/config/SYSTEM.LOG1');
    expect(names).toContain('uploads/ntfs/%5C%5C.%5CC%3A/Users/jdoe/NTUSER.DAT');
    expect(names).toContain('uploads/auto/C%3A/Windows/System32/winevt/Logs/Microsoft-Windows-Sysmon%254Operational.evtx');
    expect(names).toContain(
      'uploads/auto/C%3A/Users/jdoe/AppData/Roaming/Microsoft/Windows/Recent/AutomaticDestinations/5f7b5f1e01b83767.automaticDestinations-ms',
    );
    expect(names).toEqual(expect.arrayContaining(['log.json', 'collection_context.json', 'results/Windows.KapeFiles.Targets%2FAll File Metadata.json']));
    const members = unzipSync(zip);
    for (const f of files) {
      const name = names.find((n) => decodeURIComponent(n).endsWith(`C:/${f.at}`))!;
      expect(sha(members[name]!), f.at).toBe(sha(readFileSync(join(SAMPLES, f.sample))));
    }
  });

  test('a KAPE target folder prefixes every member', async () => {
    const names = Object.keys(unzipSync(await buildCollection('kape', files.slice(0, 2), { root: '2026-01-01T000000_HOST' })));
    expect(names).toEqual(files.slice(0, 2).map((f) => `2026-01-01T000000_HOST/C/${f.at}`));
  });

  test('stored collections hold the members as they are', async () => {
    const zip = Buffer.from(await buildCollection('velociraptor', files.slice(0, 1), { stored: true }));
    expect(zip.indexOf(readFileSync(join(SAMPLES, files[0]!.sample)).subarray(4096, 4160))).toBeGreaterThan(0);
  });
});
