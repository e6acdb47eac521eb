import { describe, expect, test } from 'vitest';
import { scanRecords, SigmaEngine, type Json } from '../src/index.js';

const base = `title: failed logon
id: 5638f7c0-ac70-491d-8465-2a65075e0d86
name: failed_logon
logsource: {product: test}
detection:
  sel: {action: fail}
  condition: sel
---
title: success logon
name: ok_logon
logsource: {product: test}
detection:
  sel: {action: ok}
  condition: sel
---
title: logoff
name: logoff
logsource: {product: test}
detection:
  sel: {action: off}
  condition: sel
`;

const at = (sec: number, action: string, extra: Record<string, Json> = {}): Json => ({
  timestamp: new Date(Date.UTC(2025, 0, 1, 0, 0, sec)).toISOString(),
  action,
  host: 'h1',
  user: 'u1',
  ...extra,
});

function run(correlation: string, records: Json[]) {
  const e = SigmaEngine.fromText(`${base}---\n${correlation}`);
  expect(e.report.refused).toEqual([]);
  return scanRecords(e, records);
}

describe('correlations', () => {
  test('event_count: group-by and sliding timespan', () => {
    const corr = `title: brute force\ncorrelation:\n  type: event_count\n  rules: [failed_logon]\n  group-by: [host]\n  timespan: 10s\n  condition: {gte: 3}\n`;
    const ms = run(corr, [at(0, 'fail'), at(5, 'fail'), at(9, 'fail'), at(30, 'fail'), at(31, 'fail', { host: 'h2' }), at(32, 'fail', { host: 'h2' })]);
    const c = ms.filter((m) => m.correlation);
    expect(c).toHaveLength(1);
    expect(c[0]!.correlation).toMatchObject({ type: 'event_count', value: 3, events: 3, group: { host: 'h1' } });
    // Referenced rules report only through the correlation unless generate: true.
    expect(ms.filter((m) => !m.correlation)).toHaveLength(0);
  });

  test('the window slides: events straddling a fixed boundary still count', () => {
    const corr = `title: c\ncorrelation:\n  type: event_count\n  rules: [failed_logon]\n  group-by: [host]\n  timespan: 10s\n  condition: {gte: 2}\n  generate: true\n`;
    const ms = run(corr, [at(8, 'fail'), at(12, 'fail')]);
    expect(ms.filter((m) => m.correlation)).toHaveLength(1);
    expect(ms.filter((m) => !m.correlation)).toHaveLength(2);
  });

  test('value_count counts distinct values', () => {
    const corr = `title: spray\ncorrelation:\n  type: value_count\n  rules: [failed_logon]\n  group-by: [host]\n  timespan: 1m\n  condition: {field: user, gte: 3}\n`;
    expect(run(corr, [at(0, 'fail', { user: 'a' }), at(1, 'fail', { user: 'a' }), at(2, 'fail', { user: 'b' })]).filter((m) => m.correlation)).toHaveLength(0);
    const ms = run(corr, [at(0, 'fail', { user: 'a' }), at(1, 'fail', { user: 'b' }), at(2, 'fail', { user: 'C' })]);
    expect(ms.find((m) => m.correlation)?.correlation?.value).toBe(3);
  });

  test('temporal needs every rule in the window, in any order', () => {
    const corr = `title: t\ncorrelation:\n  type: temporal\n  rules: [failed_logon, ok_logon]\n  group-by: [user]\n  timespan: 1m\n`;
    expect(run(corr, [at(0, 'ok'), at(10, 'fail')]).filter((m) => m.correlation)).toHaveLength(1);
    expect(run(corr, [at(0, 'ok'), at(100, 'fail')]).filter((m) => m.correlation)).toHaveLength(0);
    expect(run(corr, [at(0, 'ok'), at(10, 'fail', { user: 'other' })]).filter((m) => m.correlation)).toHaveLength(0);
  });

  test('temporal_ordered needs the listed order', () => {
    const corr = `title: t\ncorrelation:\n  type: temporal_ordered\n  rules: [failed_logon, ok_logon]\n  group-by: [user]\n  timespan: 1m\n`;
    expect(run(corr, [at(0, 'fail'), at(10, 'ok')]).filter((m) => m.correlation)).toHaveLength(1);
    expect(run(corr, [at(0, 'ok'), at(10, 'fail')]).filter((m) => m.correlation)).toHaveLength(0);
  });

  test('aliases map different field names onto one group key', () => {
    const corr = `title: t\ncorrelation:\n  type: temporal\n  rules: [failed_logon, logoff]\n  group-by: [account]\n  timespan: 1m\n  aliases:\n    account:\n      failed_logon: user\n      logoff: target\n`;
    const ms = run(corr, [at(0, 'fail', { user: 'bob' }), at(5, 'off', { target: 'BOB', user: 'x' })]);
    expect(ms.filter((m) => m.correlation)).toHaveLength(1);
    expect(ms.find((m) => m.correlation)?.correlation?.group).toEqual({ account: 'bob' });
  });

  test('value_sum, value_avg and value_percentile', () => {
    const recs = [at(0, 'fail', { bytes: 100, proc: 'a' }), at(1, 'fail', { bytes: 300, proc: 'a' }), at(2, 'fail', { bytes: 200, proc: 'b' })];
    const sum = `title: s\ncorrelation:\n  type: value_sum\n  rules: [failed_logon]\n  group-by: [host]\n  timespan: 1m\n  condition: {field: bytes, gt: 500}\n`;
    expect(run(sum, recs).find((m) => m.correlation)?.correlation?.value).toBe(600);
    const avg = `title: a\ncorrelation:\n  type: value_avg\n  rules: [failed_logon]\n  group-by: [host]\n  timespan: 1m\n  condition: {field: bytes, gte: 200}\n`;
    expect(run(avg, recs).find((m) => m.correlation)?.correlation?.value).toBe(200);
    const pct = `title: p\ncorrelation:\n  type: value_percentile\n  rules: [failed_logon]\n  group-by: [host]\n  timespan: 1m\n  condition: {field: proc, lte: 34}\n`;
    expect(run(pct, recs).find((m) => m.correlation)?.correlation?.value).toBeCloseTo(33.33, 1);
  });

  test('correlations chain', () => {
    const corr = `title: inner\nname: many_fails\ncorrelation:\n  type: event_count\n  rules: [failed_logon]\n  group-by: [user]\n  timespan: 1m\n  condition: {gte: 2}\n---\ntitle: outer\ncorrelation:\n  type: temporal_ordered\n  rules: [many_fails, ok_logon]\n  group-by: [user]\n  timespan: 5m\n`;
    const ms = run(corr, [at(0, 'fail'), at(1, 'fail'), at(60, 'ok')]);
    expect(ms.filter((m) => m.correlation).map((m) => m.rule.title)).toEqual(['inner', 'outer']);
  });

  test('invalid correlations are refused with the reason', () => {
    const bad = (c: string) => SigmaEngine.fromText(`${base}---\ntitle: x\ncorrelation:\n${c}`).report.refused.map((r) => r.reason);
    expect(bad('  type: event_count\n  rules: [nosuch]\n  group-by: [a]\n  timespan: 1m\n  condition: {gte: 1}')).toEqual([
      'correlation refers to unknown rule(s): nosuch',
    ]);
    expect(bad('  type: event_count\n  rules: [failed_logon]\n  timespan: 1 minute\n  condition: {gte: 1}')[0]).toMatch(/timespan/);
    expect(bad('  type: value_count\n  rules: [failed_logon]\n  timespan: 1m\n  condition: {gte: 1}')[0]).toMatch(/needs 'condition.field'/);
    expect(bad('  type: median\n  rules: [failed_logon]\n  timespan: 1m')[0]).toMatch(/'type' is 'median'/);
  });
});

describe('filters (rule AND NOT filter)', () => {
  const rule = `title: r\nid: 6f3e2987-db24-4c78-a860-b4f4095a7095\nlogsource: {category: process_creation, product: windows}\ndetection:\n  sel: {Image|endswith: '\\\\rar.exe'}\n  condition: sel\n`;
  const filter = (rules: string) =>
    `---\ntitle: f\nlogsource: {category: process_creation, product: windows}\nfilter:\n  rules: ${rules}\n  selection: {User|startswith: adm_}\n  condition: selection\n`;
  const rec = (user: string) => ({ Image: 'C:\\x\\rar.exe', User: user });
  test('suppresses matches the filter selects, for the rules it names', () => {
    const e = SigmaEngine.fromText(rule + filter('[6f3e2987-db24-4c78-a860-b4f4095a7095]'));
    expect(e.report.loaded.filters).toBe(1);
    expect(e.match(rec('adm_bob'))).toHaveLength(0);
    expect(e.match(rec('bob'))).toHaveLength(1);
  });
  test('other rules are untouched', () => {
    const e = SigmaEngine.fromText(rule + filter('[00000000-0000-4000-8000-000000000000]'));
    expect(e.match(rec('adm_bob'))).toHaveLength(1);
  });
  test("'any' applies to every rule of the logsource", () => {
    expect(SigmaEngine.fromText(rule + filter('any')).match(rec('adm_bob'))).toHaveLength(0);
  });
});
