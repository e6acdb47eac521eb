import type { EvidenceType } from '@quarry/vocabulary';
import type { Analyzer, AnalyzerContext, AnalyzerFactory } from './pipeline/analyzer.js';
import type { JobReader } from './pipeline/readers/reader.js';

/** What insights knows of one evidence type: how its files become records, and its result types. */
export interface InsightsPlugin<C extends EvidenceType> {
  read: JobReader<C>;
  /** The analyzers of one job, in the order their insights are listed (each result type once). */
  analyzers(ctx: AnalyzerContext<C>): Analyzer<C>[];
  /** Its records go through the job's Sigma rules when the job asks (`runSigmaRules`). */
  runsSigmaRules?: true;
  /** Its analyzers judge executables' folders by the shipped known Windows files (`PipelineRun.knownExecutables`). */
  usesKnownExecutables?: true;
}

/**
 * The analyzers of a job sharing explicit state: `newState` runs once per job and its value is
 * handed to every factory, so no analyzer looks shared state up by the context it was given.
 */
export function withJobState<C extends EvidenceType, S>(
  newState: (ctx: AnalyzerContext<C>) => S,
  factories: readonly AnalyzerFactory<C, S>[],
): InsightsPlugin<C>['analyzers'] {
  return (ctx) => {
    const state = newState(ctx);
    return factories.map((make) => make(ctx, state));
  };
}
