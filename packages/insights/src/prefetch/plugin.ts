import { fileMetadata } from '../common/file-metadata.js';
import { withJobState, type InsightsPlugin } from '../plugin.js';
import { readPrefetchInputs } from '../pipeline/readers/prefetch-reader.js';
import { PREFETCH_ANALYZERS } from './index.js';

/** Prefetch: one record per .pf, and the prefetch result types (which share nothing). */
export const prefetchPlugin: InsightsPlugin<'prefetch'> = {
  read: readPrefetchInputs,
  analyzers: withJobState(() => undefined, [fileMetadata, ...PREFETCH_ANALYZERS]),
};
