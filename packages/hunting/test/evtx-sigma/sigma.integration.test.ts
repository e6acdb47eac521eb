import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { sharedPath } from '@quarry/testkit';
import { runPipeline } from '@quarry/insights';
import { BUILTIN_SIGMA_RULES, SigmaRuleSet, importRuleSet, loadCommunityRules, sigmaRuleDirs } from '../../src/index.js';
// The EVTX analysis tests' helpers (sample inputs, one job over samples), reused as they are.
import { HAVE_SAMPLES, NO_SAMPLES, inputsOf } from '../../../insights/test/support/inputs.js';
import { insight, rowsOf, runEvtx } from '../../../insights/test/evtx/run-evtx.js';

const REGRESSION = 'rules/windows/builtin/security/win_security_susp_scheduled_task_delete_or_disable';
const folder = sharedPath('rules', 'sigma-regression', REGRESSION);
// info.yml names the rule under test (`rule_metadata: - id: … title: …`); read without a YAML dependency.
const infoText = HAVE_SAMPLES ? readFileSync(`${folder}/info.yml`, 'utf8') : '';
const meta = /rule_metadata:\s*\n\s*- id: (\S+)\s*\n\s*title: (.+)/.exec(infoText);
const info = meta ? { rule_metadata: [{ id: meta[1]!, title: meta[2]!.trim() }] } : undefined;
const ruleId = info?.rule_metadata[0]?.id ?? '';
const evtx = `../rules/sigma-regression/${REGRESSION}/${ruleId}.evtx`;

describe.skipIf(!HAVE_SAMPLES)(`Sigma in the EVTX job ${HAVE_SAMPLES ? '' : NO_SAMPLES}`, () => {
  test('run_sigma_rules true: the SigmaHQ regression sample shows its rule, with the record the regression data names', async () => {
    const rules = loadCommunityRules([sharedPath('rules', 'sigma', `${REGRESSION}.yml`)]);
    // The regression JSON is evtx_dump's rendering of the matching event.
    const golden = JSON.parse(readFileSync(`${folder}/${ruleId}.json`, 'utf8')) as { Event: { System: { EventRecordID: number } } };
    const all = await runEvtx([evtx], rules);
    const rows = rowsOf(insight(all, 'Table', 'Overview: Sigma Matches'));
    const row = rows.find((r) => r['Rule ID'] === ruleId);
    expect(row?.['Rule']).toBe(info!.rule_metadata[0]!.title);
    expect(row?.['Record IDs']).toBe(String(golden.Event.System.EventRecordID));
    expect(row?.['Tags']).toMatch(/attack\./);
    const meta = insight(all, 'Metadata', 'Overview').data;
    expect(meta['sigma_enabled']).toBe('true');
    expect(Number(meta['sigma_rules_loaded'])).toBe(7); // the built-in pack (6) and this rule
    expect(Number(meta['sigma_rules_matched'])).toBeGreaterThanOrEqual(1);
    // Built-in rules on Sysmon / System have nothing to read in a Security-only job.
    expect(Number(meta['sigma_rules_without_logsource'])).toBe(3);
    // Which sets ran: the built-in pack (one rule a file) and the configured rule file, by its name.
    const builtin = readdirSync(BUILTIN_SIGMA_RULES).filter((f) => f.endsWith('.yml')).length;
    expect(meta['sigma_rule_sets']).toBe(`Quarry built-in: ${builtin} loaded, 0 refused, ${basename(REGRESSION)}.yml: 1 loaded, 0 refused`);
    expect(meta['sigma_rules_refused']).toBe('0');
    expect(insight(all, 'Chart', 'Overview: Sigma Matches by Level').display_mode).toBe('pie');
    const level = row!['Level'];
    if (level === 'high' || level === 'critical')
      expect(insight(all, 'Timeline', 'Key Event Timeline').data.some((t) => t.short_name === `Sigma: ${row!['Rule']}` && t.category === 'Sigma')).toBe(true);
  });

  test('an installed set: the Overview names it with its version and counts, refused rules included', async () => {
    const root = mkdtempSync(join(tmpdir(), 'quarry-overview-sets-'));
    try {
      const source = join(root, 'sigma-r2026-01-01', 'rules');
      mkdirSync(source, { recursive: true });
      cpSync(sharedPath('rules', 'sigma', `${REGRESSION}.yml`), join(source, 'rule.yml'));
      // A condition naming a selection the rule lacks: our engine refuses it.
      writeFileSync(join(source, 'broken.yml'), 'title: Broken\nlogsource: { product: windows }\ndetection:\n  a: { EventID: 1 }\n  condition: a and b\n');
      const dataDir = join(root, 'data');
      await importRuleSet({ dataDir, source: join(root, 'sigma-r2026-01-01'), log: () => {} });
      const meta = insight(await runEvtx([evtx], new SigmaRuleSet(sigmaRuleDirs({ dataDir })).current()), 'Metadata', 'Overview').data;
      expect(meta['sigma_rule_sets']).toMatch(/, SigmaHQ r2026-01-01: 1 loaded, 1 refused$/);
      expect(meta['sigma_rules_refused']).toBe('1');
      expect(Number(meta['sigma_rules_matched'])).toBeGreaterThanOrEqual(1);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  test('run_sigma_rules false: no Sigma insight and no Sigma timeline entry', async () => {
    const all = await runEvtx([evtx]);
    expect(all.some((i) => Object.values(i)[0]?.category === 'Sigma')).toBe(false);
    expect(insight(all, 'Timeline', 'Key Event Timeline').data.some((t) => t.category === 'Sigma')).toBe(false);
    expect(insight(all, 'Metadata', 'Overview').data['sigma_enabled']).toBe('false');
    expect(insight(all, 'Metadata', 'Overview').data['sigma_rule_sets']).toBe('');
  });
});

describe.skipIf(!HAVE_SAMPLES)('Sigma matches noted for the record sink', () => {
  test('each record a rule matched is noted with the rule title and id, right before the sink gets it', async () => {
    const notes = { sigmaMatches: [] as readonly string[] };
    const noted = new Map<number, readonly string[]>();
    await runPipeline({
      category: 'winevtx',
      inputs: inputsOf(['evtx/EVTX-ATTACK-SAMPLES/DE_1102_security_log_cleared.evtx']),
      options: { runSigmaRules: true },
      threads: 1,
      sigmaRules: loadCommunityRules([]),
      notes,
      sink: {
        write: (record) => {
          if (notes.sigmaMatches.length > 0) noted.set(record.recordId, notes.sigmaMatches);
        },
        close: async () => undefined,
        abort: async () => undefined,
      },
    });
    // The built-in pack's "Security log cleared" rule: every noted record carries a title and an id.
    expect(noted.size).toBeGreaterThan(0);
    for (const names of noted.values()) expect(names.length % 2).toBe(0);
    expect([...noted.values()].flat().some((n) => /clear/i.test(n))).toBe(true);
  });
});
