import type { ParseCategory } from '@quarry/vocabulary';
import { fileMetadata } from './common/file-metadata.js';
import type { AnalyzerFactory } from './pipeline/analyzer.js';

/**
 * The result types of each parse category, in the order their insights are listed. Registering
 * an analyzer is one line here.
 */
export const ANALYZERS: { [C in ParseCategory]: readonly AnalyzerFactory<C>[] } = {
  winevtx: [fileMetadata],
  registry: [fileMetadata],
  prefetch: [fileMetadata],
};
