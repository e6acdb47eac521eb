export * from './job-types.js';
export * from './task-queues.js';
export * from './activities.js';
export * from './data-converter.js';
export * from './job-runner.js';

/** Absolute path of the workflow bundle's entry, for bundleWorkflowCode({ workflowsPath }). */
export const workflowsPath = new URL(import.meta.url.endsWith('.ts') ? './workflows/index.ts' : './workflows/index.js', import.meta.url).pathname;
