import type { AnalyzerContext } from '../pipeline/analyzer.js';
import type { SigmaRules } from './sigma-rules.js';
import { SigmaRun } from './sigma-run.js';
import { TimelineBuilder } from './timeline-builder.js';

/**
 * What the EVTX analyzers of one job share, made once per job by the plug-in and handed to each:
 * the Key Event Timeline collects key events from every analyzer as they find them (each event is
 * classified once, by the analyzer that owns it), and the Sigma run's results feed the Overview
 * and the timeline.
 */
export interface EvtxJob {
  timeline: TimelineBuilder;
  /** The job's Sigma run (run_sigma_rules), pushed every record by the Sigma analyzer. */
  sigma: SigmaRun | undefined;
  /**
   * Key events only known once every record is in (thresholds such as "> 5 failures"): analyzers
   * add a callback when they are made, and the timeline runs them all before it is written,
   * whatever the order the result types are finished in.
   */
  timelineContributors: ((timeline: TimelineBuilder) => void)[];
}

export function newEvtxJob(ctx: AnalyzerContext<'winevtx'>): EvtxJob {
  const sigma = ctx.options.runSigmaRules ? new SigmaRun(sigmaRulesOf(ctx)) : undefined;
  return { timeline: new TimelineBuilder(), sigma, timelineContributors: [] };
}

/** The job's compiled rules: the caller passes them with `runSigmaRules` (fanOut's `sigmaRules`). */
function sigmaRulesOf(ctx: AnalyzerContext<'winevtx'>): SigmaRules {
  if (!ctx.sigmaRules) throw new Error('runSigmaRules needs the compiled Sigma rules in the analyzer context');
  return ctx.sigmaRules;
}
