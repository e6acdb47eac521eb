import type { ParseCategory } from '@quarry/vocabulary';
import { fileMetadata } from './common/file-metadata.js';
import { EVTX_ANALYZERS } from './evtx/index.js';
import type { AnalyzerFactory } from './pipeline/analyzer.js';
import { PREFETCH_ANALYZERS } from './prefetch/index.js';
import { REGISTRY_ANALYZERS } from './registry/index.js';

/**
 * The result types of each parse category, in the order their insights are listed. Registering
 * an analyzer is one line here.
 */
export const ANALYZERS: { [C in ParseCategory]: readonly AnalyzerFactory<C>[] } = {
  winevtx: [fileMetadata, ...EVTX_ANALYZERS],
  registry: [fileMetadata, ...REGISTRY_ANALYZERS],
  prefetch: [fileMetadata, ...PREFETCH_ANALYZERS],
};
