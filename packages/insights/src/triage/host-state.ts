import type { ArtifactType } from '@quarry/vocabulary';
import type { InputReport } from '../pipeline/analyzer.js';
import type { Insight } from '../types.js';
import type { NestedResults, TriageRecord } from './model.js';

/** An insight's title, whatever its kind (Error insights have none). */
export function titleOf(insight: Insight): string | null {
  for (const body of Object.values(insight) as { title?: unknown }[]) if (typeof body.title === 'string') return body.title;
  return null;
}

/**
 * What the host result types of one triage job share (made once per job, `withJobState`): every
 * member type's finished results, the collection inputs' reports and the Host Timeline's facts.
 * Correlations are computed once, on first use after the last input (`memo`), and read by every
 * result type that shows them (Findings reads the others' rows).
 */
export class HostState {
  readonly results = new Map<ArtifactType, NestedResults>();
  readonly reports: InputReport[] = [];
  /** The host result types' own insights by result type, as each finishes (Findings, finished last, reads them). */
  readonly hostInsights = new Map<string, Insight[]>();
  private readonly memos = new Map<string, unknown>();

  /** Every analyzer is handed each event: the state keeps one copy. */
  addResults(results: NestedResults): void {
    this.results.set(results.type, results);
  }

  addReport(report: InputReport): void {
    if (!this.reports.includes(report)) this.reports.push(report);
  }

  /** The per-type insights of a member type (as its own job titles them). */
  insightsOf(type: ArtifactType): readonly Insight[] {
    return this.results.get(type)?.insights ?? [];
  }

  /** One per-type insight by its own title (e.g. registry `Application Data: ShimCache`). */
  insight(type: ArtifactType, title: string): Insight | undefined {
    return this.insightsOf(type).find((i) => titleOf(i) === title);
  }

  /** A host result type hands its finished insights here too, for Findings (which `reportsOnJob`, so finishes last). */
  publish(resultType: string, insights: Insight[]): Insight[] {
    this.hostInsights.set(resultType, insights);
    return insights;
  }

  /** A value computed once per job (a correlation several result types show). */
  memo<T>(key: string, compute: () => T): T {
    if (!this.memos.has(key)) this.memos.set(key, compute());
    return this.memos.get(key) as T;
  }
}

/** The facts a Host Timeline analyzer was pushed, for result types that read them. */
export type Facts = readonly TriageRecord[];
