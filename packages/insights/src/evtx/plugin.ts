import { fileMetadata } from '../common/file-metadata.js';
import { withJobState, type InsightsPlugin } from '../plugin.js';
import { readEvtxInputs } from '../pipeline/readers/evtx-reader.js';
import { EVTX_ANALYZERS } from './index.js';
import { newEvtxJob } from './job-state.js';

/** EVTX: streamed records, the EVTX result types, and the job's Sigma rules when it asks. */
export const evtxPlugin: InsightsPlugin<'winevtx'> = {
  read: readEvtxInputs,
  analyzers: withJobState(newEvtxJob, [fileMetadata, ...EVTX_ANALYZERS]),
  runsSigmaRules: true,
};
