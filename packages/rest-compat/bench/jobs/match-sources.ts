/**
 * Why Quarry matches more than Chainsaw, rule by rule: where our matches of a rule come from
 * (channel / provider / event id), from our Sigma engine over the same sample files, and which
 * part of them Chainsaw's mapping cannot reach.
 */
import { openEvtx } from '@quarry/evtx';
import { SigmaEngine, readRuleFiles, type Json } from '@quarry/sigma';
import type { DiffRow, RuleMeta } from './sigma-diff.js';

const AUDITING = 'Microsoft-Windows-Security-Auditing';

/** Per rule key (id, else title): `channel / provider / event id` → matches. */
export async function matchSources(files: string[], rules: RuleMeta[]): Promise<Map<string, Map<string, number>>> {
  const engine = SigmaEngine.fromSourceResult(readRuleFiles(rules.map((r) => r.path)));
  const out = new Map<string, Map<string, number>>();
  for (const file of files) {
    for await (const record of openEvtx(file, { threads: 0 })) {
      const matches = engine.match(record.event as unknown as Json);
      if (matches.length === 0) continue;
      const sys = (record.event as { Event?: { System?: Record<string, unknown> } }).Event?.System ?? {};
      const provider = ((sys['Provider'] as { '#attributes'?: { Name?: string } } | undefined)?.['#attributes']?.Name ?? '?').toString();
      const source = `${String(sys['Channel'] ?? '?')} / ${provider} / ${String(sys['EventID'] ?? '?')}`;
      for (const m of matches) {
        const key = m.rule.id ?? m.rule.title;
        const bySource = out.get(key) ?? new Map<string, number>();
        bySource.set(source, (bySource.get(source) ?? 0) + 1);
        out.set(key, bySource);
      }
    }
  }
  return out;
}

/**
 * The reason for one difference when it accounts for it exactly: Quarry's count minus the matches
 * Chainsaw's mapping cannot reach equals Chainsaw's count. Otherwise the sources are shown as they are.
 */
export function explainDifference(row: DiffRow, meta: RuleMeta | undefined, sources: Map<string, number> | undefined): string {
  const bySource = [...(sources ?? new Map<string, number>())].sort((a, b) => b[1] - a[1]);
  const shown = bySource.map(([s, n]) => `${s} ×${n}`).join(', ') || 'no match when run alone';
  const count = (pick: (source: string) => boolean): number => bySource.filter(([s]) => pick(s)).reduce((n, [, c]) => n + c, 0);
  const gap = row.ours - row.chainsaw;
  if (meta?.category === 'process_creation') {
    const on4688 = count((s) => s.endsWith(`/ ${AUDITING} / 4688`));
    if (on4688 === gap) return `exactly its ${on4688} matches on Security 4688: Chainsaw runs process_creation rules on 4688 without Sigma's field names for it (Image→NewProcessName, ParentImage→ParentProcessName) [${shown}]`;
  }
  if (meta?.service === 'security') {
    const otherProvider = count((s) => s.startsWith('Security /') && !s.includes(`/ ${AUDITING} /`));
    if (otherProvider === gap) return `exactly its ${otherProvider} matches on Security events of another provider: Chainsaw selects service: security by Provider ${AUDITING}, not by channel [${shown}]`;
  }
  return `not accounted for by a mapping difference [${shown}]`;
}
