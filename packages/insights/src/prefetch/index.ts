import type { AnalyzerFactory } from '../pipeline/analyzer.js';
import { anomalyDetection } from './anomaly-detection.js';
import { executableStatistics } from './executable-statistics.js';
import { executionTimeline } from './execution-timeline.js';
import { lolbinDetection } from './lolbin-detection.js';
import { moduleAnalysis } from './module-analysis.js';
import { volumeAnalysis } from './volume-analysis.js';

export { anomalyDetection, executableStatistics, executionTimeline, lolbinDetection, moduleAnalysis, volumeAnalysis };

/** The prefetch result types in spec order (INSIGHTS.md §5). */
export const PREFETCH_ANALYZERS: readonly AnalyzerFactory<'prefetch'>[] = [
  executionTimeline,
  executableStatistics,
  lolbinDetection,
  volumeAnalysis,
  moduleAnalysis,
  anomalyDetection,
];
