export * from './job-types.js';
export * from './task-queues.js';
export * from './activities.js';
export * from './data-converter.js';
export * from './job-runner.js';

/** Absolute path of the workflow bundle's entry, for bundleWorkflowCode({ workflowsPath }). */
export const workflowsPath = new URL(import.meta.url.endsWith('.ts') ? './workflows/index.ts' : './workflows/index.js', import.meta.url).pathname;

/**
 * The workflow bundle built with the compiled package (scripts/build-workflow-bundle.mjs); undefined
 * when running from source, where the worker bundles the sources it runs.
 */
export const WORKFLOW_BUNDLE_PATH: string | undefined = import.meta.url.endsWith('.ts') ? undefined : new URL('./workflow-bundle.js', import.meta.url).pathname;
