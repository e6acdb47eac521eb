import type { AnalyzerFactory } from '../pipeline/analyzer.js';
import { authentication } from './authentication.js';
import type { EvtxJob } from './job-state.js';
import { keyEventTimeline } from './key-event-timeline.js';
import { networkAnalysis } from './network-analysis.js';
import { overview } from './overview.js';
import { persistence } from './persistence.js';
import { withPlausibleTimes } from './plausible-times.js';
import { processAnalysis } from './process-analysis.js';
import { processGraph } from './process-graph.js';
import { sigmaMatches } from './sigma-matches.js';

/**
 * The EVTX result types in spec order. The Sigma analyzer follows the Overview, whose tables its
 * insights belong to ("Overview: Sigma Matches"). Each shows no implausible time (plausible-times.ts).
 */
export const EVTX_ANALYZERS: readonly AnalyzerFactory<'winevtx', EvtxJob>[] = [
  overview,
  sigmaMatches,
  processGraph,
  keyEventTimeline,
  processAnalysis,
  networkAnalysis,
  authentication,
  persistence,
].map(withPlausibleTimes<EvtxJob>);
