import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { eventToJson, openEvtx, type EvtxRecord } from '../src/index.js';
import { HAVE_SHARED, NO_SHARED_REASON, collect, pieces, sample } from './helpers.js';

async function collectStream(data: Buffer, size: number, threads: number): Promise<EvtxRecord[]> {
  const out: EvtxRecord[] = [];
  for await (const r of openEvtx({ stream: pieces(data, size), size }, { threads, chunksPerThread: 2 })) out.push(r);
  return out;
}

const json = (rs: EvtxRecord[]) => rs.map((r) => `${r.recordId} ${eventToJson(r.event)}`);

describe.skipIf(!HAVE_SHARED)(`stream input${HAVE_SHARED ? '' : ` (${NO_SHARED_REASON})`}`, () => {
  test.each([
    ['EVTX-ATTACK-SAMPLES/Sysmon_UACME_64.evtx', 1],
    ['EVTX-ATTACK-SAMPLES/Sysmon_UACME_64.evtx', 2],
    ['EVTX-ATTACK-SAMPLES/bits_openvpn.evtx', 1],
  ])('%s on %i thread(s): the same records as from the whole file', async (rel, threads) => {
    const bytes = readFileSync(sample(rel));
    const whole = await collect(bytes);
    const streamed = await collectStream(bytes, bytes.length, threads);
    expect(streamed.length).toBeGreaterThan(0);
    // A stream is read in file order; these logs have not wrapped, so the order is the same too.
    expect(json(streamed)).toEqual(json(whole.records));
  });

  test('a stream shorter than its declared size reads as a truncated file, without throwing', async () => {
    const bytes = readFileSync(sample('EVTX-ATTACK-SAMPLES/Sysmon_UACME_64.evtx'));
    const cut = bytes.subarray(0, 4096 + 65536 + 1000);
    const file = openEvtx({ stream: pieces(cut, 7), size: bytes.length });
    const ids: number[] = [];
    for await (const r of file) ids.push(r.recordId);
    const fromFile = (await collect(cut)).records.map((r) => r.recordId);
    expect(ids).toEqual(fromFile);
  });
});
