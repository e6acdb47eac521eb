import { describe, expect, it } from 'vitest';
import {
  CHUNK_CHARS,
  csvRows,
  ecsBulk,
  jsonlRecords,
  sigmaCsv,
  timesketchLines,
  type EvtxSourceEvent,
  type JobRecord,
  type SigmaMatch,
  type TimelineRow,
} from '../src/index.js';

/** An endless source that counts what it has handed out: a writer may read only as far as its consumer pulls. */
function endless<T>(make: (i: number) => T): { rows: AsyncGenerator<T>; read: () => number } {
  let n = 0;
  return {
    rows: (async function* () {
      for (;;) yield make(n++);
    })(),
    read: () => n,
  };
}

const event = (i: number) => ({
  Event: {
    System: {
      EventID: 4688,
      EventRecordID: i,
      Channel: 'Security',
      Computer: 'PC',
      TimeCreated: { '#attributes': { SystemTime: '2020-01-01T00:00:00.0000000Z' } },
    },
    EventData: { NewProcessName: 'C:\\x.exe', CommandLine: `x ${i}` },
  },
});

describe('streaming', () => {
  const cases: [string, () => { chunks: AsyncGenerator<string>; read: () => number }][] = [
    [
      'csv',
      () => {
        const s = endless((i) => [i, `row ${i}`]);
        return { chunks: csvRows(['n', 's'], s.rows), read: s.read };
      },
    ],
    [
      'jsonl',
      () => {
        const s = endless((i): JobRecord => ({ category: 'winevtx', source: 'a', record: event(i) }));
        return { chunks: jsonlRecords(s.rows), read: s.read };
      },
    ],
    [
      'timesketch',
      () => {
        const s = endless((i): TimelineRow => ({
          timeline: 'T',
          entry: { timestamp_start: i, timestamp_end: null, record_id: i, short_name: 's', description: 'd', category: 'c', importance: 'Low' },
        }));
        return { chunks: timesketchLines(s.rows), read: s.read };
      },
    ],
    [
      'ecs',
      () => {
        const s = endless((i): EvtxSourceEvent => ({ event: event(i) }));
        return { chunks: ecsBulk(s.rows), read: s.read };
      },
    ],
    [
      'sigma-csv',
      () => {
        const s = endless((i): SigmaMatch => ({ event: event(i), rule: { id: 'r', title: 't', level: 'high' } }));
        return { chunks: sigmaCsv(s.rows), read: s.read };
      },
    ],
  ];

  for (const [name, make] of cases) {
    it(`${name}: reads its endless source only as far as chunks are pulled, each chunk bounded`, async () => {
      const { chunks, read } = make();
      let total = 0;
      for (let k = 0; k < 20; k++) {
        const { value, done } = await chunks.next();
        expect(done).toBe(false);
        // A chunk is at most CHUNK_CHARS plus one line, or one batch of CSV rows (512 short rows here).
        expect(value!.length).toBeLessThan(CHUNK_CHARS + 4096);
        total += value!.length;
      }
      const rowsRead = read();
      // Rows read so far fit in what was written plus one chunk's worth: nothing is read ahead.
      expect(rowsRead).toBeGreaterThan(0);
      expect(rowsRead * 8).toBeLessThan(total + CHUNK_CHARS * 2);
      await chunks.return(undefined);
    });
  }
});
