import { fileMetadata } from '../common/file-metadata.js';
import { withJobState, type InsightsPlugin } from '../plugin.js';
import { readEvtxInputs } from '../pipeline/readers/evtx-reader.js';
import { communityRules } from '../sigma/rule-cache.js';
import { EVTX_ANALYZERS } from './index.js';
import { newEvtxJob } from './job-state.js';

/** EVTX: streamed records, the EVTX result types, and the community Sigma rules when the job asks. */
export const evtxPlugin: InsightsPlugin<'winevtx'> = {
  read: readEvtxInputs,
  analyzers: withJobState(newEvtxJob, [fileMetadata, ...EVTX_ANALYZERS]),
  // Resolved once per job: the parser threads and the Sigma analyzer must see the same compiled set.
  sigmaRules: (options) => (options.runSigmaRules ? communityRules() : undefined),
};
