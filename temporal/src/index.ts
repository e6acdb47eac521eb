export * from './job-types.js';
export * from './task-queues.js';
export * from './activities.js';
export * from './data-converter.js';
export * from './client.js';
export const WORKFLOW_TYPE = 'analysisJob';
/** Absolute path of the workflow module, for bundleWorkflowCode({ workflowsPath }). */
export const workflowsPath = new URL(
  import.meta.url.endsWith('.ts') ? './workflows.ts' : './workflows.js',
  import.meta.url,
).pathname;
