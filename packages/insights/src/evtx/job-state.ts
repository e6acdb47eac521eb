import type { AnalyzerContext } from '../pipeline/analyzer.js';
import type { SigmaRun } from './sigma-run.js';
import { TimelineBuilder } from './timeline-builder.js';

/**
 * What the EVTX analyzers of one job share: the Key Event Timeline collects key events from every
 * analyzer as they find them (each event is classified once, by the analyzer that owns it), and the
 * Sigma run's results feed the Overview and the timeline. Keyed by the job's context object, which
 * the pipeline hands every factory of the job.
 */
export interface EvtxJob {
  timeline: TimelineBuilder;
  sigma: SigmaRun | undefined;
  /**
   * Key events only known once every record is in (thresholds such as "> 5 failures"): each
   * analyzer registers a callback, and the timeline runs them all before it is written, whatever
   * the order the result types are finished in.
   */
  timelineContributors: ((timeline: TimelineBuilder) => void)[];
}

const JOBS = new WeakMap<AnalyzerContext<'winevtx'>, EvtxJob>();

export function evtxJob(ctx: AnalyzerContext<'winevtx'>): EvtxJob {
  let job = JOBS.get(ctx);
  if (!job) JOBS.set(ctx, (job = { timeline: new TimelineBuilder(), sigma: undefined, timelineContributors: [] }));
  return job;
}
