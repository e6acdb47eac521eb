export { SHARED_DIR, hasShared, sharedPath, sharedSkipReason } from './shared.js';
export { mulberry32 } from './random.js';
export { findTool, toolGate } from './tools.js';
