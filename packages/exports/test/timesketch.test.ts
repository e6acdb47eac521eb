import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { toolGate } from '@quarry/testkit';
import { afterAll, describe, expect, it } from 'vitest';
import type { TimelineEntry } from '@quarry/insights';
import { timesketchDatetime, timesketchLines, type TimelineRow } from '../src/index.js';
import { drain, HAVE_SAMPLES, parsed, SAMPLES } from './helpers.js';

const CHECK = fileURLToPath(new URL('./timesketch-check.py', import.meta.url));
// The pip package timesketch-import-client installs timesketch_importer: its presence says the library is there.
const gate = toolGate('timesketch_importer');
const dir = mkdtempSync(join(tmpdir(), 'quarry-timesketch-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const entry = (over: Partial<TimelineEntry>): TimelineEntry => ({
  timestamp_start: 0,
  timestamp_end: null,
  record_id: 1,
  short_name: 'Event',
  description: '',
  category: 'General',
  importance: 'Informational',
  ...over,
});

/** Timeline rows over real events (one per record: its time, record id, event id, event data) and edge cases. */
async function rows(): Promise<TimelineRow[]> {
  const out: TimelineRow[] = [
    {
      timeline: 'Key Event Timeline',
      entry: entry({ timestamp_start: Date.UTC(2021, 0, 2, 3, 4, 5), short_name: 'Whole second', description: 'braces {x} and "quotes"' }),
    },
    {
      timeline: 'Key Event Timeline',
      entry: entry({ timestamp_start: 1, timestamp_end: 86_400_001, short_name: 'Ranged', description: '日本語 🦅\nline two' }),
    },
    { timeline: 'Prefetch Timeline', entry: entry({ timestamp_start: Date.UTC(1601, 0, 1), short_name: 'FILETIME zero era', importance: 'Critical' }) },
  ];
  if (!HAVE_SAMPLES) return out;
  for (const s of SAMPLES) {
    for (const { event } of await parsed(s)) {
      const sys = (event.Event as { System: Record<string, unknown> }).System;
      const time = Date.parse((sys.TimeCreated as { '#attributes': { SystemTime: string } })['#attributes'].SystemTime.replace(/(\.\d{3})\d*Z$/, '$1Z'));
      out.push({
        timeline: 'EVTX Timeline',
        entry: entry({
          timestamp_start: time,
          record_id: Number(sys.EventRecordID),
          short_name: `${String(sys.Channel)} ${JSON.stringify(sys.EventID)}`,
          description: JSON.stringify(event.Event),
        }),
      });
    }
  }
  return out;
}

describe('timesketch', () => {
  it('writes datetime as the import client normalises it', () => {
    expect(timesketchDatetime(Date.UTC(2019, 2, 18, 22, 15, 36, 36))).toBe('2019-03-18T22:15:36.036000+00:00');
    expect(timesketchDatetime(Date.UTC(2019, 2, 18, 22, 15, 36))).toBe('2019-03-18T22:15:36+00:00');
  });

  it.skipIf(gate.skip)(`passes timesketch-import-client's checks unchanged${gate.skip ? ` (${gate.reason})` : ''}`, async () => {
    const input = await rows();
    const path = join(dir, 'timeline.jsonl');
    writeFileSync(path, await drain(timesketchLines(input)));
    const r = spawnSync('python3', [CHECK, path], { encoding: 'utf8', maxBuffer: 1 << 28 });
    expect(r.stderr).toBe('');
    const result = JSON.parse(r.stdout) as { lines: number; buffered: number; changed: unknown[]; changedCount: number };
    expect(result.lines).toBe(input.length);
    expect(result.buffered).toBe(input.length);
    expect(result.changed).toEqual([]);
  });

  it('carries the entry: message, time, description of the time and the fields', async () => {
    const text = await drain(
      timesketchLines([
        {
          timeline: 'Key Event Timeline',
          entry: entry({ timestamp_start: 1500, timestamp_end: 2500, record_id: 9, short_name: 'Logon', description: 'alice' }),
        },
      ]),
    );
    expect(JSON.parse(text)).toEqual({
      message: 'Logon: alice',
      datetime: '1970-01-01T00:00:01.500000+00:00',
      timestamp: 1_500_000,
      timestamp_desc: 'Start Time',
      end_datetime: '1970-01-01T00:00:02.500000+00:00',
      data_type: 'quarry:timeline:entry',
      insight: 'Key Event Timeline',
      short_name: 'Logon',
      description: 'alice',
      category: 'General',
      importance: 'Informational',
      record_id: 9,
    });
  });
});
