import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { SigmaEngine, type Json } from '@quarry/sigma';
import { hasShared, sharedPath } from '@quarry/testkit';
import { HAYABUSA_COLUMNS, hayabusaTimestamp, sigmaCsv, sigmaJsonl, type EvtxEvent, type SigmaMatch } from '../src/index.js';
import { drain, evtxDumpEvents, HAVE_SAMPLES, parsed, SAMPLES, withSamples } from './helpers.js';

const RULES = 'rules/sigma/rules/windows/process_creation';
const HAVE_RULES = hasShared(RULES);

const sys = (e: EvtxEvent): Record<string, unknown> => (e.Event as { System: Record<string, unknown> }).System;

describe('sigma', () => {
  it("has Hayabusa's default timeline columns, then RuleID", () => {
    // Hayabusa config/default_profile.yaml (the `standard` profile) in its order; RuleID is its %RuleID% alias.
    expect(HAYABUSA_COLUMNS).toEqual(['Timestamp', 'RuleTitle', 'Level', 'Computer', 'Channel', 'EventID', 'RecordID', 'Details', 'ExtraFieldInfo', 'RuleID']);
  });

  it("writes Hayabusa's timestamp in UTC", () => {
    expect(hayabusaTimestamp('2019-03-18T22:15:36.0363760Z')).toBe('2019-03-18 22:15:36.036 +00:00');
    expect(hayabusaTimestamp('2019-03-18T22:15:36Z')).toBe('2019-03-18 22:15:36.000 +00:00');
    expect(hayabusaTimestamp('garbage')).toBe('');
  });

  it.skipIf(!HAVE_SAMPLES || !HAVE_RULES)(withSamples('writes real SigmaHQ matches of a real log in those columns, CSV and JSONL'), async (ctx) => {
    const sample = SAMPLES[2]; // Sysmon process creations
    const reference = evtxDumpEvents(sample);
    if (!reference) return ctx.skip();
    const engine = SigmaEngine.fromPaths([sharedPath(RULES)]);
    const matches: SigmaMatch[] = [];
    for (const { event } of await parsed(sample)) {
      for (const m of engine.match(event as Json)) matches.push({ event, rule: { id: m.rule.id ?? '', title: m.rule.title, level: m.rule.level ?? '' } });
    }
    expect(matches.length).toBeGreaterThan(10);
    const byRecord = new Map(reference.map((e) => [Number(sys(e).EventRecordID), e]));
    const abbreviation: Record<string, string> = { critical: 'crit', high: 'high', medium: 'med', low: 'low', informational: 'info' };

    const rows = parse(await drain(sigmaCsv(matches)), { bom: true }) as string[][];
    expect(rows[0]).toEqual([...HAYABUSA_COLUMNS]);
    expect(rows.length - 1).toBe(matches.length);
    const jsonl = (await drain(sigmaJsonl(matches)))
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(jsonl.length).toBe(matches.length);
    for (const [i, m] of matches.entries()) {
      const got = Object.fromEntries(HAYABUSA_COLUMNS.map((c, k) => [c, rows[i + 1]![k]]));
      const ref = byRecord.get(Number(sys(m.event).EventRecordID))!;
      const s = sys(ref);
      const time = (s.TimeCreated as { '#attributes': { SystemTime: string } })['#attributes'].SystemTime;
      expect(got.Timestamp).toBe(`${time.slice(0, 10)} ${time.slice(11, 23)} +00:00`);
      expect(got.Computer).toBe(s.Computer);
      expect(got.Channel).toBe(s.Channel);
      expect(got.EventID).toBe(String(s.EventID));
      expect(got.RecordID).toBe(String(s.EventRecordID));
      expect(got.RuleTitle).toBe(m.rule.title);
      expect(got.RuleID).toBe(m.rule.id);
      expect(got.Level).toBe(abbreviation[m.rule.level]);
      const data = (ref.Event as { EventData: Record<string, unknown> }).EventData;
      // Formula defence: a Details cell never starts with = + - @ (each pair starts with a field name).
      expect(got.Details).toBe(
        Object.entries(data)
          .map(([k, v]) => `${k}: ${v === null ? '' : String(v)}`)
          .join(' ¦ '),
      );
      expect(jsonl[i]).toEqual({
        ...got,
        Details: Object.fromEntries(Object.entries(data).map(([k, v]) => [k, v === null ? '' : String(v)])),
        ExtraFieldInfo: {},
      });
    }
  });
});
