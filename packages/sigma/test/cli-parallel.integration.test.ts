import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { parseRuleText, scanParallel, scanRecords, SigmaEngine, type Json } from '../src/index.js';
import { HAS_SHARED, SHARED, sysmonRecord } from './helpers.js';

const CLI = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const BUILT = existsSync(CLI) && existsSync(fileURLToPath(new URL('../dist/scan-task.js', import.meta.url)));
const NOT_BUILT = 'dist/ not built (run npm run build -w @quarry/sigma)';

const RULES = `title: calc
id: 11111111-2222-4333-8444-555555555555
level: high
logsource: {category: process_creation, product: windows}
detection:
  sel: {Image|endswith: '\\calc.exe'}
  condition: sel
---
title: broken
logsource: {product: windows}
detection:
  sel: {A|nosuch: 1}
  condition: sel
---
title: many calcs
correlation:
  type: event_count
  rules: [11111111-2222-4333-8444-555555555555]
  group-by: [Computer]
  timespan: 1h
  condition: {gte: 3}
  generate: true
`;

function records(n: number): Json[] {
  return Array.from({ length: n }, (_, i) =>
    sysmonRecord(
      1,
      { Image: i % 7 === 0 ? 'C:\\Windows\\calc.exe' : 'C:\\Windows\\notepad.exe' },
      { recordId: i + 1, time: new Date(Date.UTC(2025, 0, 1, 0, 0, i)).toISOString() },
    ),
  );
}

describe.skipIf(!BUILT)(`parallel and CLI${BUILT ? '' : ` (skipped: ${NOT_BUILT})`}`, () => {
  test('scanParallel gives the same matches, in order, as a single-thread scan', async () => {
    const recs = records(5000);
    const single = scanRecords(SigmaEngine.fromText(RULES), recs);
    const par = await scanParallel(recs, { rules: parseRuleText(RULES), threads: 2, batchSize: 300 });
    expect(par.records).toBe(5000);
    expect(par.threads).toBe(2);
    expect(par.matches.map((m) => [m.rule.title, m.recordId])).toEqual(single.map((m) => [m.rule.title, m.recordId]));
    expect(single.filter((m) => m.rule.title === 'calc')).toHaveLength(715);
    // 715 matches over 83 minutes: two consecutive one-hour windows each reach the threshold.
    expect(single.filter((m) => m.correlation).map((m) => m.correlation?.events)).toEqual([515, 200]);
  });

  test('check prints the load report with each refusal and its reason', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sigma-cli-'));
    writeFileSync(join(dir, 'rules.yml'), RULES);
    const out = execFileSync(process.execPath, [CLI, 'check', '--rules', dir], { encoding: 'utf8' });
    expect(out).toContain('loaded: 1 rules, 1 correlations, 0 filters\n');
    expect(out).toContain('refused: 1\n');
    expect(out).toContain(`REFUSED ${join(dir, 'rules.yml')}: Invalid Sigma rule format: unknown modifier 'nosuch' (at detection.sel.A|nosuch`);
  });

  test('scan prints one JSON line per match, single and multi-threaded alike', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sigma-cli-'));
    writeFileSync(join(dir, 'rules.yml'), RULES);
    writeFileSync(
      join(dir, 'events.json'),
      records(30)
        .map((r) => JSON.stringify(r))
        .join('\n'),
    );
    const run = (...extra: string[]) =>
      execFileSync(process.execPath, [CLI, 'scan', '--rules', join(dir, 'rules.yml'), '--json', join(dir, 'events.json'), ...extra], { encoding: 'utf8' })
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as Record<string, unknown>);
    const lines = run();
    expect(lines[0]).toEqual({
      rule_id: '11111111-2222-4333-8444-555555555555',
      title: 'calc',
      level: 'high',
      record_id: 1,
      timestamp: '2025-01-01T00:00:00.000Z',
    });
    expect(lines.filter((l) => l['title'] === 'calc')).toHaveLength(5);
    expect(lines.filter((l) => l['title'] === 'many calcs')).toHaveLength(1);
    expect(run('--threads', '2')).toEqual(lines);
  });

  // The CLI runs from dist/, so it reads EVTX through @quarry/evtx's build.
  const EVTX_BUILT = existsSync(fileURLToPath(new URL('../../evtx/dist/index.js', import.meta.url)));
  test.skipIf(!HAS_SHARED || !EVTX_BUILT)(`scan --evtx reads a sample through @quarry/evtx${EVTX_BUILT ? '' : ' (skipped: @quarry/evtx not built)'}`, () => {
    const dir = `${SHARED}/rules/sigma-regression/rules/windows/process_creation/proc_creation_win_findstr_recon_everyone`;
    const rule = `${SHARED}/rules/sigma/rules/windows/process_creation/proc_creation_win_findstr_recon_everyone.yml`;
    const evtx = join(dir, '47e4bab7-c626-47dc-967b-255608c9a920.evtx');
    const out = execFileSync(process.execPath, [CLI, 'scan', '--rules', rule, '--evtx', evtx], { encoding: 'utf8' });
    const lines = out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      rule_id: '47e4bab7-c626-47dc-967b-255608c9a920',
      title: 'Permission Misconfiguration Reconnaissance Via Findstr.EXE',
      level: 'medium',
    });
    // --threads 2 takes the parallel EVTX path (one file: no worker needed) and prints the same lines.
    expect(execFileSync(process.execPath, [CLI, 'scan', '--rules', rule, '--evtx', evtx, '--threads', '2'], { encoding: 'utf8' })).toBe(out);
  });

  test('usage errors exit with status 2 and a message', () => {
    const r = spawnSync(process.execPath, [CLI, 'scan', '--rules', '/nonexistent'], { encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('scan needs --evtx, --json or --xml input files');
    expect(spawnSync(process.execPath, [CLI, 'frobnicate'], { encoding: 'utf8' }).status).toBe(2);
  });
});
