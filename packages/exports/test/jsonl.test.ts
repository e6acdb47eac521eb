import { describe, expect, it } from 'vitest';
import type { Insight } from '@quarry/insights';
import { insightRows, jsonlInsightRows, jsonlJob, jsonlRecords, type JobRecord } from '../src/index.js';
import { drain, evtxDumpEvents, HAVE_SAMPLES, parsed, SAMPLES, withSamples } from './helpers.js';

const lines = (text: string): unknown[] => {
  expect(text.endsWith('\n')).toBe(true);
  return text
    .slice(0, -1)
    .split('\n')
    .map((l) => JSON.parse(l) as unknown);
};

describe.skipIf(!HAVE_SAMPLES)(withSamples('jsonl of EVTX records'), () => {
  for (const s of SAMPLES) {
    it(`equals evtx_dump -o jsonl line for line: ${s}`, async (ctx) => {
      const reference = evtxDumpEvents(s);
      if (!reference) return ctx.skip();
      const records = await parsed(s);
      const fromText = lines(await drain(jsonlRecords(records.map((r): JobRecord => ({ category: 'winevtx', source: s, record: r.event, json: r.jsonText })))));
      const fromObject = lines(await drain(jsonlRecords(records.map((r): JobRecord => ({ category: 'winevtx', source: s, record: r.event })))));
      expect(fromText).toEqual(reference);
      expect(fromObject).toEqual(reference);
    });
  }

  it('wraps EVTX records with their provenance when asked', async () => {
    const records = await parsed(SAMPLES[0]);
    const text = await drain(
      jsonlRecords(
        records.map((r): JobRecord => ({ category: 'winevtx', source: 'a.evtx', record: r.event })),
        { wrapEvtx: true },
      ),
    );
    expect(lines(text)).toEqual(records.map((r) => ({ category: 'winevtx', source: 'a.evtx', record: JSON.parse(r.jsonText) as unknown })));
  });
});

describe('jsonl', () => {
  it('writes other record types wrapped, 64-bit integers exact', async () => {
    const records: JobRecord[] = [
      { category: 'prefetch', source: 'CMD.EXE-1.pf', record: { name: 'CMD.EXE', runs: ['2020-01-01T00:00:00Z'], size: 2n ** 63n + 1n } },
      { category: 'registry', source: 'NTUSER.DAT', record: { path: 'Software\\ünï "x"\n', values: [] } },
    ];
    const text = await drain(jsonlRecords(records));
    expect(text).toContain('"size":9223372036854775809');
    expect(lines(text)).toEqual(
      records.map((r) => ({ ...r, record: JSON.parse(JSON.stringify(r.record, (_k, v: unknown) => (typeof v === 'bigint' ? Number(v) : v))) as unknown })),
    );
  });

  it('writes every insight row with its provenance', async () => {
    const insights: Insight[] = [
      {
        Table: {
          title: 'Overview: Computers',
          category: 'General',
          data: [
            ['Computer', 'Events'],
            ['PC1', '3'],
            ['PC2', '4'],
          ],
        },
      },
      { IndexTable: { title: 'Search', category: 'General', columns: ['A'], data: [[['x'], { k: 'v' }]] } },
      { Chart: { title: 'Overview: Events by ID', category: 'General', display_mode: 'bar', data: [['4624 Security', 12]] } },
      { Metadata: { title: 'Overview', category: 'General', data: { files: '2' } } },
    ];
    const text = await drain(jsonlInsightRows(insightRows(insights, 'job-1')));
    expect(lines(text)).toEqual([
      { job: 'job-1', insight: 'Overview: Computers', type: 'Table', category: 'General', row: 0, values: { Computer: 'PC1', Events: '3' } },
      { job: 'job-1', insight: 'Overview: Computers', type: 'Table', category: 'General', row: 1, values: { Computer: 'PC2', Events: '4' } },
      { job: 'job-1', insight: 'Search', type: 'IndexTable', category: 'General', row: 0, values: { A: 'x', details: { k: 'v' } } },
      { job: 'job-1', insight: 'Overview: Events by ID', type: 'Chart', category: 'General', row: 0, values: { label: '4624 Security', value: 12 } },
      { job: 'job-1', insight: 'Overview', type: 'Metadata', category: 'General', row: 0, values: { key: 'files', value: '2' } },
    ]);
  });

  it('writes a whole job: records, then insight rows', async () => {
    const text = await drain(
      jsonlJob(
        [{ category: 'prefetch', source: 'a.pf', record: { n: 1 } }],
        insightRows([{ Metadata: { title: 'M', category: 'General', data: { a: 'b' } } }]),
      ),
    );
    expect(lines(text)).toEqual([
      { category: 'prefetch', source: 'a.pf', record: { n: 1 } },
      { insight: 'M', type: 'Metadata', category: 'General', row: 0, values: { key: 'a', value: 'b' } },
    ]);
  });
});
