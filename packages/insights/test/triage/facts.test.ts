import { describe, expect, test } from 'vitest';
import type { Insight, TriageRecord } from '../../src/index.js';
import { timelineFacts } from '../../src/triage/facts/index.js';
import { cellTime } from '../../src/triage/facts/table-rows.js';
import { HostState } from '../../src/triage/host-state.js';
import { HOST_TIMELINE_LIMIT, hostTimelineAnalyzer } from '../../src/triage/host-timeline.js';
import { ImplausibleItems } from '../../src/pipeline/implausible-items.js';

describe('time cells', () => {
  test('only UTC text with a real date and time parses', () => {
    expect(cellTime('2018-03-27 21:45:28.056 UTC')).toBe(Date.UTC(2018, 2, 27, 21, 45, 28, 56));
    expect(cellTime('2018-03-27T21:45:28.0561234Z')).toBe(Date.UTC(2018, 2, 27, 21, 45, 28, 56));
    expect(cellTime('2018-03-27 21:45:28 UTC')).toBe(Date.UTC(2018, 2, 27, 21, 45, 28));
    for (const bad of [
      '',
      'garbage',
      '2018-03-27 21:45:28',
      '2021-02-31 10:00:00 UTC',
      '2021-13-01 10:00:00 UTC',
      '2021-01-01 24:00:00 UTC',
      '2018-03-27 21:45 UTC',
    ])
      expect(cellTime(bad), bad).toBeNull();
  });

  test('a row whose time cell does not parse makes no fact; the others make theirs', () => {
    const shimcache: Insight = {
      Table: {
        title: 'Application Data: ShimCache',
        category: 'General',
        data: [
          ['Position', 'Path', 'Last Modified', 'Executed', 'Importance', 'Hive', 'Key'],
          ['1', 'C:\\a.exe', '2019-02-30 10:00:00.000 UTC', '', 'High', 'SYSTEM', 'SYSTEM\\ControlSet001\\Control\\Session Manager\\AppCompatCache'],
          ['2', 'C:\\b.exe', '', '', 'Low', 'SYSTEM', 'SYSTEM\\ControlSet001\\Control\\Session Manager\\AppCompatCache'],
          ['3', 'C:\\c.exe', '2019-02-28 10:00:00.000 UTC', 'yes', 'Medium', 'SYSTEM', 'SYSTEM\\ControlSet001\\Control\\Session Manager\\AppCompatCache'],
        ],
      },
    };
    const facts = timelineFacts({ type: 'registry', insights: [shimcache], members: [] });
    expect(facts).toHaveLength(1);
    expect(facts[0]).toMatchObject({
      time: Date.UTC(2019, 1, 28, 10),
      row: 2,
      timeKind: 'modified',
      path: 'C:\\c.exe',
      importance: 'Medium',
      artifact: 'SYSTEM',
      records: {
        type: 'registry',
        filters: [
          { field: 'key', value: 'ControlSet001\\Control\\Session Manager\\AppCompatCache' },
          { field: 'file_name', value: 'SYSTEM' },
        ],
      },
    });
  });
});

describe('Host Timeline bound', () => {
  const fact = (i: number): TriageRecord => ({
    time: 1_600_000_000_000 + i * 1000,
    source: 'winevtx',
    artifact: '',
    resultType: 'Key Event Timeline',
    row: i,
    timeKind: 'event',
    description: `event ${i}`,
    user: null,
    path: null,
    importance: i % 10 === 0 ? 'High' : 'Informational',
    sigmaRule: null,
    records: null,
  });

  test('over the limit it keeps every more important fact, then the latest, in time order', () => {
    const state = new HostState();
    const ctx = {
      category: 'triage' as const,
      inputs: [],
      options: { runSigmaRules: false },
      notes: { sigmaMatches: [] },
      implausible: new ImplausibleItems(),
    };
    const a = hostTimelineAnalyzer(ctx, state);
    const total = Math.floor(HOST_TIMELINE_LIMIT * 2.5);
    const input = { position: 0, fileId: 'f', name: 'c.zip', size: 0, sha256: '' };
    for (let i = 0; i < total; i++) a.push(fact(i), input);
    const [timeline, coverage] = a.finish();
    if (!timeline || !('Timeline' in timeline) || !coverage || !('Metadata' in coverage)) throw new Error('shapes');
    const data = timeline.Timeline.data;
    expect(data).toHaveLength(HOST_TIMELINE_LIMIT);
    // Every tenth fact is High: all 2,500 of them are kept, then the latest Informational ones.
    expect(data.filter((e) => e.importance === 'High')).toHaveLength(total / 10);
    const informational = data.filter((e) => e.importance === 'Informational').map((e) => e.record_id);
    expect(Math.min(...informational)).toBeGreaterThan(total - HOST_TIMELINE_LIMIT * 1.2);
    expect(data.map((e) => e.timestamp_start)).toEqual([...data.map((e) => e.timestamp_start)].sort((x, y) => x - y));
    expect(coverage.Metadata.data['facts']).toBe(String(total));
    expect(coverage.Metadata.data['shown']).toBe(String(HOST_TIMELINE_LIMIT));
    expect(state.hostInsights.get('Host Timeline')).toHaveLength(2);
  });
});
