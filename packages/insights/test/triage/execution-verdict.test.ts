import { describe, expect, it } from 'vitest';
import type { Insight } from '../../src/index.js';
import { HostState } from '../../src/triage/host-state.js';
import { executionInsights } from '../../src/triage/execution.js';
import { collectFindings } from '../../src/triage/findings-collect.js';
import { table } from './support.js';

/**
 * The combining rules of Evidence of Execution on constructed per-type tables (the columns the
 * per-type result types have, INSIGHTS.md §3–§5): what the rows say is made up; the expected
 * verdicts follow from the shared lists L2 (LOLBAS) and L3 (masquerade).
 */
const t = (title: string, rows: string[][]): Insight => ({ Table: { title, data: rows, category: 'General' } });

function state(): HostState {
  const s = new HostState();
  s.addResults({
    type: 'prefetch',
    members: [],
    insights: [
      t('Executable Statistics', [
        ['Executable', 'Run Count', 'Path', 'Last Run', 'First Recorded Run', 'Recorded Runs', 'Prefetch File'],
        [
          'SVCHOST.EXE',
          '3',
          '\\VOLUME{01d1-8c9f49ec}\\USERS\\PUBLIC\\SVCHOST.EXE',
          '2024-01-02 03:04:05.000 UTC',
          '2024-01-01 00:00:00.000 UTC',
          '2024-01-02 03:04:05.000 UTC, 2024-01-01 00:00:00.000 UTC',
          'SVCHOST.EXE-1.pf',
        ],
        [
          'CERTUTIL.EXE',
          '1',
          '\\VOLUME{01d1-8c9f49ec}\\WINDOWS\\SYSTEM32\\CERTUTIL.EXE',
          '2024-01-03 00:00:00.000 UTC',
          '2024-01-03 00:00:00.000 UTC',
          '2024-01-03 00:00:00.000 UTC',
          'CERTUTIL.EXE-2.pf',
        ],
      ]),
    ],
  });
  s.addResults({
    type: 'winevtx',
    members: [],
    insights: [
      t('Process Analysis', [
        ['Image', 'Executions', 'Parents', 'Users', 'Computers', 'First Seen', 'Last Seen', 'Importance', 'Reasons', 'Record IDs'],
        [
          'C:\\Users\\Public\\svchost.exe',
          '2',
          'explorer.exe',
          'HOST\\alice',
          'HOST',
          '2024-01-01 00:00:01.000 UTC',
          '2024-01-02 03:04:06.000 UTC',
          'High',
          'L1 staging path (users\\public)',
          '7, 9',
        ],
      ]),
      t('Overview: Sigma Matches', [
        ['Rule', 'Level', 'Computers', 'Record IDs'],
        ['Masquerading svchost', 'critical', 'HOST', '9'],
        ['Same record id on another computer', 'high', 'OTHER', '7'],
      ]),
    ],
  });
  return s;
}

describe('Evidence of Execution verdicts', () => {
  const s = state();
  const rows = table(executionInsights(s), 'Evidence of Execution');

  it('joins prefetch and process events on the path and names every reason', () => {
    const svc = rows.find((r) => r['Executable'] === 'C:\\Users\\Public\\svchost.exe')!;
    // No Command Lines table says which event ids they were.
    expect(svc['Sources']).toBe('prefetch, process events');
    expect(svc['Run Count']).toBe('3');
    expect(svc['Process Events']).toBe('2');
    expect(svc['First Seen']).toBe('2024-01-01 00:00:00.000 UTC');
    expect(svc['Last Run']).toBe('2024-01-02 03:04:06.000 UTC');
    expect(svc['Importance']).toBe('Critical');
    expect(svc['Reasons']!.split('; ')).toEqual([
      'process events: L1 staging path (users\\public)',
      'Sigma: Masquerading svchost',
      'masquerade: svchost outside \\Windows\\System32',
    ]);
    // The rule matched record 7 on another computer only: not this process's.
    expect(svc['Sigma']).toBe('Masquerading svchost');
    expect(svc['Evidence']).toBe('Prefetch · Executable Statistics#row-0; EVTX · Process Analysis#row-0');
  });

  it('names a LOLBAS binary with its functions, at its tier in its usual folder', () => {
    const cu = rows.find((r) => r['Executable']!.endsWith('CERTUTIL.EXE'))!;
    expect(cu['Importance']).toBe('High');
    expect(cu['Reasons']).toMatch(/^LOLBAS: certutil \(.*Download.*\)$/);
  });

  it('sorts Critical first', () => {
    expect(rows.map((r) => r['Importance'])).toEqual(['Critical', 'High']);
  });

  it('Findings: a per-type row a host finding cites is not listed again', () => {
    s.publish('Evidence of Execution', executionInsights(s));
    const findings = collectFindings(s, 'Findings');
    const links = findings.map((f) => f.evidence[0]);
    expect(links).toContain('Evidence of Execution#row-0');
    expect(links).not.toContain('EVTX · Process Analysis#row-0');
  });
});
