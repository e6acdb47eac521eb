export { SHARED_DIR, hasShared, sharedPath, sharedSkipReason } from './shared.js';
export { mulberry32 } from './random.js';
export { findTool, toolGate } from './tools.js';
export {
  HAVE_RULES,
  NO_RULES,
  filesUnder,
  makePackRepo,
  makeSigmaRepo,
  standaloneSigmaFiles,
  yaraRuleCount,
  type PackRepo,
  type SigmaRepo,
} from './rule-repos.js';
export {
  buildShellLink,
  guidBytes,
  pathIdList,
  type LinkNetworkSpec,
  type LinkVolumeSpec,
  type ShellItemSpec,
  type ShellLinkSpec,
  type TrackerSpec,
} from './shell-link-builder.js';
export { INTERESTING_U32, byteMutations, fuzz, mutate, saveCrasher, type FuzzFailure, type FuzzTarget, type Mutation } from './mutation-fuzz.js';
export { serveFetch } from './serve-fetch.js';
