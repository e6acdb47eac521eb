import type { EvtxRecord } from '@quarry/evtx';
import { describe, expect, test } from 'vitest';
import { withPlausibleTimes } from '../../src/evtx/plausible-times.js';
import type { AnalyzerContext } from '../../src/pipeline/analyzer.js';
import { ImplausibleItems } from '../../src/pipeline/implausible-items.js';
import type { InputRef } from '../../src/pipeline/input.js';
import type { Insight } from '../../src/types.js';

const input: InputRef = { position: 0, fileId: 'f0', name: 'a.evtx', size: 0, sha256: '' };
const NEWEST = Date.UTC(2021, 4, 1, 12);

/** A record as the parser yields it, with only what the view reads: a header time and a System element. */
const record = (ms: number): EvtxRecord =>
  ({
    recordId: 1,
    timestamp: new Date(ms),
    timestampText: new Date(ms).toISOString(),
    offset: 0,
    chunk: 0,
    event: { Event: { System: { Channel: 'System', EventID: 12 } } },
    warnings: [],
  }) as unknown as EvtxRecord;

describe('EVTX result types show no implausible time read from event data', () => {
  test('a table cell in 1601 or after the newest record + 1 day is blanked, a timeline entry dropped; both reported', () => {
    // A stand-in result type whose insights carry times taken from event data (as Last Boot is, from StartTime).
    const table: Insight = {
      Table: {
        title: 'Overview: Computers',
        data: [
          ['Computer', 'Last Boot', 'Record IDs'],
          ['pc1', '1601-01-01 00:00:00.000 UTC', '7'],
          ['pc2', '2021-05-02 12:00:00.000 UTC', '8'],
          ['pc3', '2021-05-02 12:00:00.001 UTC', '9'],
          ['pc4', '', '10'],
        ],
        category: 'General',
      },
    };
    const timeline: Insight = {
      Timeline: {
        title: 'Key Event Timeline',
        data: [
          { timestamp_start: NEWEST, timestamp_end: null, record_id: 3, short_name: 'ok', description: '', category: 'General', importance: 'Low' },
          {
            timestamp_start: NEWEST,
            timestamp_end: Date.UTC(2100, 0, 1),
            record_id: 4,
            short_name: 'late',
            description: '',
            category: 'General',
            importance: 'Low',
          },
        ],
        category: 'General',
      },
    };
    const ctx = {
      category: 'winevtx',
      inputs: [input],
      options: { runSigmaRules: false },
      notes: { sigmaMatches: [] },
      implausible: new ImplausibleItems(),
    } satisfies AnalyzerContext<'winevtx'>;
    const analyzer = withPlausibleTimes(() => ({ push() {}, finish: () => [table, timeline] }))(ctx, undefined);
    analyzer.push(record(Date.UTC(2020, 0, 1)), input);
    analyzer.push(record(NEWEST), input);
    const [t, l] = analyzer.finish();

    expect(t && 'Table' in t && t.Table.data.slice(1).map((r) => r[1])).toEqual(['', '2021-05-02 12:00:00.000 UTC', '', '']);
    expect(l && 'Timeline' in l && l.Timeline.data.map((e) => e.short_name)).toEqual(['ok']);
    expect(ctx.implausible.all()).toEqual([
      { input: null, structure: 'Overview: Computers Last Boot', offset: 'record 7', reason: 'time in 1601, before 1980-01-01' },
      { input: null, structure: 'Overview: Computers Last Boot', offset: 'record 9', reason: 'time in 2021, after 2021-05-02 (the collection time + 1 day)' },
      { input: null, structure: 'Key Event Timeline entry "late"', offset: 'record 4', reason: 'time in 2100, after 2021-05-02 (the collection time + 1 day)' },
    ]);
  });
});
