import { describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import type { EvtxWarning } from '../src/index.js';
import { HAVE_SHARED, NO_SHARED_REASON, collect, sample } from './helpers.js';

function codes(warnings: EvtxWarning[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const w of warnings) out[w.code] = (out[w.code] ?? 0) + 1;
  return out;
}

// Real damaged logs: exact record and warning counts, without and with recovery.
// `recovered` undefined: the recovery pass is left out to save time (the file has no slack).
const REAL: [file: string, records: number, warnings: Record<string, number>, recovered: number | undefined][] = [
  ['omerbenamram-evtx/sample_with_a_bad_chunk_magic.evtx', 301, { 'chunk-records-checksum': 3, 'record-skipped': 1 }, 50],
  ['omerbenamram-evtx/security_bad_string_cache.evtx', 2261, { 'chunk-header-checksum': 1 }, 0],
  ['omerbenamram-evtx/post-Security.evtx', 126, {}, 0],
  ['omerbenamram-evtx/Application_no_crc32.evtx', 17, { 'chunk-header-checksum': 1, 'chunk-records-checksum': 1 }, 0],
  ['plaso/System2.evtx', 194, { 'file-truncated': 1 }, 89],
  ['python-evtx/dns_log_malformed.evtx', 5, {}, 0],
  [
    'omerbenamram-evtx/2-vss_0-Microsoft-Windows-RemoteDesktopServices-RdpCoreTS%4Operational.evtx',
    1910,
    { 'chunk-records-checksum': 2, 'record-skipped': 4 },
    56,
  ],
  ['DFIRArtifactMuseum/Win2012R2_StolenSzechuan/System.evtx', 60189, { 'file-header-chunk-count': 1 }, undefined],
  ['DFIRArtifactMuseum/Win2012R2_StolenSzechuan/Security.evtx', 8574, { 'file-header-chunk-count': 1 }, undefined],
];

describe.skipIf(!HAVE_SHARED)(`real damaged files${HAVE_SHARED ? '' : ` (${NO_SHARED_REASON})`}`, () => {
  test.each(REAL)('%s', async (file, count, warnings, recovered) => {
    const plain = await collect(sample(file));
    expect(plain.records.length).toBe(count);
    expect(codes(plain.file.warnings)).toEqual(warnings);
    if (recovered === undefined) return;
    const rec = await collect(sample(file), { recover: true });
    expect(rec.records.filter((r) => r.recovered).length).toBe(recovered);
    expect(rec.records.length).toBe(count + recovered);
    // Recovered records never repeat an ID already read.
    expect(new Set(rec.records.map((r) => r.recordId)).size).toBe(rec.records.length);
  });
});

// Damage made by hand to a clean two-chunk log (112 records: 95 in chunk 0, 17 in chunk 1).
const BASE = 'EVTX-ATTACK-SAMPLES/DE_1102_security_log_cleared.evtx';

describe.skipIf(!HAVE_SHARED)(`constructed damage${HAVE_SHARED ? '' : ` (${NO_SHARED_REASON})`}`, () => {
  const original = HAVE_SHARED ? readFileSync(sample(BASE)) : Buffer.alloc(0);
  const mutate = (f: (b: Buffer) => void): Buffer => {
    const b = Buffer.from(original);
    f(b);
    return b;
  };
  const CHUNK0 = 4096;
  const CHUNK1 = 4096 + 65536;

  test('the clean file reads without warnings', async () => {
    const { records, file } = await collect(original);
    expect(records.length).toBe(112);
    expect(file.warnings).toEqual([]);
  });

  test('file header checksum broken', async () => {
    const { records, file } = await collect(mutate((b) => b.writeUInt8(b.readUInt8(124) ^ 0xff, 124)));
    expect(records.length).toBe(112);
    expect(codes(file.warnings)).toEqual({ 'file-header-checksum': 1 });
  });

  test('file header magic destroyed: chunks are still read', async () => {
    const { records, file } = await collect(mutate((b) => b.fill(0, 0, 8)));
    expect(records.length).toBe(112);
    expect(codes(file.warnings)).toEqual({ 'file-header-magic': 1 });
  });

  test('chunk header checksum broken', async () => {
    const { records, file } = await collect(mutate((b) => b.writeUInt8(b.readUInt8(CHUNK0 + 60) ^ 1, CHUNK0 + 60)));
    expect(records.length).toBe(112);
    expect(codes(file.warnings)).toEqual({ 'chunk-header-checksum': 1 });
  });

  test('second record magic destroyed: skipped, the walk resyncs', async () => {
    const { records: clean } = await collect(original);
    const second = clean[1]!.offset;
    const { records, file } = await collect(mutate((b) => b.writeUInt32LE(0xdeadbeef, second)));
    expect(records.length).toBe(111);
    expect(records.map((r) => r.recordId)).not.toContain(clean[1]!.recordId);
    expect(codes(file.warnings)).toEqual({ 'record-skipped': 1, 'chunk-records-checksum': 1 });
    expect(file.warnings.find((w) => w.code === 'record-skipped')!.offset).toBe(second);
  });

  test('broken BinXml in one record: that record is skipped with its offset', async () => {
    const { records: clean } = await collect(original);
    const third = clean[2]!;
    // The fragment header's first token becomes an invalid one.
    const { records, file } = await collect(mutate((b) => (b[third.offset + 24] = 0xee)));
    expect(records.length).toBe(111);
    const skipped = file.warnings.filter((w) => w.code === 'record-skipped');
    expect(skipped.length).toBe(1);
    expect(skipped[0]!.offset).toBe(third.offset);
  });

  test('truncated inside the second chunk', async () => {
    const { records, file } = await collect(original.subarray(0, CHUNK1 + 30_000));
    expect(records.length).toBe(95);
    expect(codes(file.warnings)).toEqual({ 'file-truncated': 1 });
    const rec = await collect(original.subarray(0, CHUNK1 + 30_000), { recover: true });
    expect(rec.records.length).toBeGreaterThan(95);
    expect(rec.records.slice(95).every((r) => r.recovered)).toBe(true);
  });

  test('truncated inside the file header', async () => {
    const { records, file } = await collect(original.subarray(0, 100));
    expect(records.length).toBe(0);
    expect(codes(file.warnings)).toEqual({ 'file-header-magic': 1 });
  });

  test('second chunk signature destroyed', async () => {
    const { records, file } = await collect(mutate((b) => b.write('XXXXXXXX', CHUNK1, 'latin1')));
    expect(records.length).toBe(95);
    expect(codes(file.warnings)).toEqual({ 'chunk-magic': 1 });
    const rec = await collect(
      mutate((b) => b.write('XXXXXXXX', CHUNK1, 'latin1')),
      { recover: true },
    );
    expect(rec.records.length).toBe(112);
  });

  test('free space offset beyond the chunk', async () => {
    const { records, file } = await collect(mutate((b) => b.writeUInt32LE(0xffffffff, CHUNK0 + 48)));
    expect(records.length).toBe(112);
    expect(codes(file.warnings)).toEqual({ 'chunk-header-checksum': 1, 'chunk-records-checksum': 1, 'chunk-header-bounds': 1 });
  });

  test('not an EVTX file at all', async () => {
    const { records, file } = await collect(Buffer.from('MZ this is not a log'.repeat(1000)));
    expect(records.length).toBe(0);
    expect(codes(file.warnings)).toEqual({ 'file-header-magic': 1, 'file-truncated': 1 });
  });
});
