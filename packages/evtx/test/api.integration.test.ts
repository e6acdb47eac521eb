import { describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { EvtxError, eventToJson, flattenEvent, openEvtx, toXml, type EvtxRecord } from '../src/index.js';
import { HAVE_SHARED, NO_SHARED_REASON, collect, run, sample } from './helpers.js';

const CLI = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const SYSMON = 'EVTX-ATTACK-SAMPLES/Sysmon_UACME_64.evtx';

/** A full collection on demand: what lets a test see that nothing still holds an object. */
function collector(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

/** The next record, held only weakly (this frame is gone when the caller looks). */
async function nextWeakly(records: AsyncIterator<EvtxRecord>): Promise<{ record: WeakRef<EvtxRecord>; chunk: number }> {
  const { value } = await records.next();
  return { record: new WeakRef(value as EvtxRecord), chunk: (value as EvtxRecord).chunk };
}

describe.skipIf(!HAVE_SHARED)(`API${HAVE_SHARED ? '' : ` (${NO_SHARED_REASON})`}`, () => {
  test('a path and its bytes give the same records', async () => {
    const a = await collect(sample(SYSMON));
    const b = await collect(readFileSync(sample(SYSMON)));
    expect(a.records.length).toBe(530);
    expect(b.records.map((r) => eventToJson(r.event))).toEqual(a.records.map((r) => eventToJson(r.event)));
    expect(a.file.header?.majorVersion).toBe(3);
  });

  test('record fields: id, UTC timestamp, offset, event shape', async () => {
    const { records } = await collect(sample(SYSMON));
    const r = records[0]!;
    const system = (r.event.Event as { System: { TimeCreated: { '#attributes': { SystemTime: string } } } }).System;
    // An exported log: record headers are renumbered from 1, EventRecordID keeps the original.
    expect(records.map((x) => x.recordId)).toEqual(Array.from({ length: 530 }, (_, i) => i + 1));
    // The header time is when the record was written (here: exported), never before the event.
    expect(r.timestampText >= system.TimeCreated['#attributes'].SystemTime).toBe(true);
    expect(r.timestampText).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{7}Z$/);
    expect(r.timestamp.toISOString().slice(0, 23)).toBe(r.timestampText.slice(0, 23));
    expect(r.offset).toBe(4096 + 512);
  });

  test('parallel mode yields the same records in the same order', async () => {
    const file = sample('DeepBlueCLI/smb-password-guessing-security.evtx');
    const serial = await collect(file, { xml: true });
    const parallel = await collect(file, { threads: 2, chunksPerThread: 1, xml: true });
    expect(parallel.records.length).toBe(3561);
    expect(parallel.records.map((r) => eventToJson(r.event))).toEqual(serial.records.map((r) => eventToJson(r.event)));
    expect(parallel.records.map((r) => toXml(r))).toEqual(serial.records.map((r) => toXml(r)));
  });

  test('toXml renders records parsed on this thread; parallel records need xml: true', async () => {
    const { records } = await collect(sample(SYSMON));
    expect(toXml(records[0]!)).toMatch(/^<\?xml version="1.0" encoding="utf-8"\?>\n<Event xmlns=/);
    const par = await collect(sample(SYSMON), { threads: 2, chunksPerThread: 1 });
    expect(() => toXml(par.records[0]!)).toThrow(EvtxError);
  });

  test('flattenEvent gives dotted paths for rule engines', async () => {
    const { records } = await collect(sample(SYSMON));
    const flat = flattenEvent(records[0]!.event);
    expect(flat['Event.System.EventID']).toBe('7');
    expect(flat['Event.System.Provider.Name']).toBe('Microsoft-Windows-Sysmon');
    expect(flat['Event.EventData.Image']).toMatch(/\.exe$/i);
    expect(flat['Event.System.Correlation']).toBe('');
  });

  test('a record handed out is not kept by the reader while the rest of its chunk is read', async () => {
    const gc = collector();
    const records = openEvtx(sample(SYSMON))[Symbol.asyncIterator]();
    const first = await nextWeakly(records);
    const second = (await records.next()).value as EvtxRecord;
    expect(second.chunk).toBe(first.chunk);
    // A later turn, so the WeakRef no longer keeps its target for the turn that made it.
    await new Promise((resolve) => setImmediate(resolve));
    gc();
    expect(first.record.deref()).toBeUndefined();
    await records.return?.();
  });

  test('an unreadable path rejects with EvtxError', async () => {
    await expect(collect('/nonexistent/file.evtx')).rejects.toBeInstanceOf(EvtxError);
  });

  test('64-bit values beyond 2^53 stay exact', async () => {
    const { records } = await collect(sample('EVTX-ATTACK-SAMPLES/bits_openvpn.evtx'));
    const line = records.map((r) => eventToJson(r.event)).find((l) => l.includes('"fileLength":18446744073709551615'));
    expect(line).toBeDefined();
  });

  test('stale header: records past the declared chunk count are read', async () => {
    const file = openEvtx(sample('DFIRArtifactMuseum/Win2012R2_StolenSzechuan/Security.evtx'));
    let n = 0;
    for await (const _ of file) n++;
    expect(file.header?.chunkCount).toBe(65);
    expect(file.stats.chunks).toBe(88);
    expect(n).toBe(8574);
  });
});

describe.skipIf(!HAVE_SHARED)(`CLI${HAVE_SHARED ? '' : ` (${NO_SHARED_REASON})`}`, () => {
  test('dump --format jsonl prints one event object per line', () => {
    const r = run('node', [CLI, 'dump', sample(SYSMON), '--format', 'jsonl']);
    expect(r.status).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines.length).toBe(530);
    expect(Object.keys(JSON.parse(lines[0]!) as object)).toEqual(['Event']);
  });

  test('dump --format xml --threads 2', () => {
    const r = run('node', [CLI, 'dump', sample(SYSMON), '--format', 'xml', '--threads', '2', '--chunks-per-thread', '1']);
    expect(r.status).toBe(0);
    expect(r.stdout.match(/<\?xml /g)?.length).toBe(530);
  });

  test('damaged file: warnings on stderr, exit 0', () => {
    const r = run('node', [CLI, 'dump', sample('omerbenamram-evtx/sample_with_a_bad_chunk_magic.evtx')]);
    expect(r.status).toBe(0);
    expect(r.stdout.trim().split('\n').length).toBe(301);
    expect(r.stderr).toMatch(/warning: record-skipped/);
  });

  // Workers read their runs of chunks themselves and send text back in recycled buffers: the
  // output, warnings included, must not depend on the thread count. System.evtx starts at its
  // oldest chunk mid-file and wraps round; the damaged files exercise skips, truncation and carving.
  test.each([
    ['DFIRArtifactMuseum/Win2012R2_StolenSzechuan/System.evtx', []],
    ['omerbenamram-evtx/sample_with_a_bad_chunk_magic.evtx', ['--recover']],
    ['plaso/System2.evtx', ['--recover']],
  ])('dump %s %j: the same bytes and warnings with 1, 2 and 3 threads', (file, extra) => {
    for (const format of ['jsonl', 'xml']) {
      const runs = ['1', '2', '3'].map((t) =>
        run('node', [CLI, 'dump', sample(file), '--format', format, '--threads', t, '--chunks-per-thread', '1', ...extra]),
      );
      expect(runs[0]!.status).toBe(0);
      expect(runs[0]!.stdout.length).toBeGreaterThan(0);
      for (const r of runs.slice(1)) {
        expect(r.status).toBe(0);
        expect(r.stdout === runs[0]!.stdout).toBe(true);
        expect(r.stderr).toBe(runs[0]!.stderr);
      }
    }
  });

  test('bad usage exits 2, unreadable file exits 1', () => {
    expect(run('node', [CLI, 'dump']).status).toBe(2);
    expect(run('node', [CLI, 'dump', '/nonexistent.evtx']).status).toBe(1);
  });
});
