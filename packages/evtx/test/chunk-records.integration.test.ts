import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { chunkOf, ChunkRecords, openEvtx, type EvtxRecord } from '../src/index.js';
import { findEvtx, HAVE_SHARED, NO_SHARED_REASON, pieces, SHARED } from './helpers.js';

const FILES = findEvtx(join(SHARED, 'samples', 'evtx'));
/** Own enumerable fields: what a record is, without its lazy XML renderer and chunk. */
const plain = (r: EvtxRecord): object => Object.fromEntries(Object.entries(r));

describe.skipIf(!HAVE_SHARED)(`records read again from their chunk${HAVE_SHARED ? '' : ` (${NO_SHARED_REASON})`}`, () => {
  test(`every live record of the ${FILES.length} samples, from a stream, with and without recovery`, async () => {
    let checked = 0;
    let wide = 0;
    for (const file of FILES) {
      const bytes = readFileSync(file);
      for (const recover of [false, true]) {
        const records: EvtxRecord[] = [];
        for await (const r of openEvtx({ stream: pieces(bytes, bytes.length), size: bytes.length }, { recover })) records.push(r);
        // Checked once the whole file is read: a chunk's bytes must outlive the reading of the next ones.
        const readers = new Map<object, ChunkRecords>();
        for (const r of records) {
          const chunk = chunkOf(r);
          expect(chunk, `${file} record ${r.recordId}`).toBeDefined();
          expect(chunk!.index).toBe(r.chunk);
          expect(Buffer.compare(chunk!.bytes, bytes.subarray(chunk!.base, chunk!.base + chunk!.bytes.length))).toBe(0);
          if (r.recovered) continue;
          let reader = readers.get(chunk!);
          if (!reader) readers.set(chunk!, (reader = new ChunkRecords(chunk!.bytes, chunk!.index)));
          expect(plain(reader.record(r.offset)), `${file} record ${r.recordId}`).toEqual(plain(r));
          if (JSON.stringify(r.event, (_k, v: unknown) => (typeof v === 'bigint' ? 'big' : v)).includes('"big"')) wide++;
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(200_000);
    // 64-bit values beyond 2^53 come back as bigints too.
    expect(wide).toBeGreaterThan(0);
  });

  test('a record read again from a single chunk, without the rest of the file', async () => {
    const file = FILES.find((f) => f.endsWith('Sysmon_UACME_64.evtx'))!;
    const records: EvtxRecord[] = [];
    for await (const r of openEvtx(file)) records.push(r);
    const last = records.at(-1)!;
    const chunk = chunkOf(last)!;
    // A copy of the chunk alone, as a store keeps it.
    const alone = new ChunkRecords(Buffer.from(chunk.bytes), chunk.index);
    expect(plain(alone.record(last.offset))).toEqual(plain(last));
    expect(() => alone.record(last.offset + 1)).toThrow(/record magic/);
  });

  test('records parsed on worker threads carry their chunk while it is lent, then none', async () => {
    // Larger than the chunks the pool reads ahead (2 threads × 3 runs of 8), so buffers are reused.
    const file = FILES.find((f) => f.endsWith('Win2012R2_StolenSzechuan/Security.evtx'))!;
    const bytes = readFileSync(file);
    const kept: EvtxRecord[] = [];
    const readers = new Map<object, ChunkRecords>();
    for await (const r of openEvtx(file, { threads: 2, chunksPerThread: 1 })) {
      // As a record store takes it: while the record is the one handed out.
      const chunk = chunkOf(r);
      expect(chunk, `record ${r.recordId}`).toBeDefined();
      expect(chunk!.index).toBe(r.chunk);
      expect(Buffer.compare(chunk!.bytes, bytes.subarray(chunk!.base, chunk!.base + chunk!.bytes.length))).toBe(0);
      let reader = readers.get(chunk!);
      if (!reader) readers.set(chunk!, (reader = new ChunkRecords(Buffer.from(chunk!.bytes), chunk!.index)));
      expect(plain(reader.record(r.offset)), `record ${r.recordId}`).toEqual(plain(r));
      kept.push(r);
    }
    expect(kept.length).toBeGreaterThan(1000);
    // Kept past the reuse of its buffer, a record gives no chunk rather than other chunks' bytes.
    let gone = 0;
    for (const r of kept) {
      const chunk = chunkOf(r);
      if (!chunk) gone++;
      else expect(Buffer.compare(chunk.bytes, bytes.subarray(chunk.base, chunk.base + chunk.bytes.length)), `record ${r.recordId}`).toBe(0);
    }
    expect(gone).toBeGreaterThan(0);
  });
});
