// Bundles the workflow code once, at build time, into dist/workflow-bundle.js: a worker started
// from the compiled package loads it instead of running webpack on every start (seconds of CPU,
// most of a warm `npm start`). Runs after the package is transpiled, on what was just built.
import { writeFileSync } from 'node:fs';
import { bundleWorkflowCode } from '@temporalio/worker';
import { FAILURE_CONVERTER_PATH, WORKFLOW_BUNDLE_PATH, workflowsPath } from '../dist/index.js';

const noop = () => undefined;
const logger = { trace: noop, debug: noop, info: noop, warn: noop, error: console.error, log: noop };
// Same options as the worker's own bundling (apps/worker/src/start-worker.ts).
const { code } = await bundleWorkflowCode({ workflowsPath, failureConverterPath: FAILURE_CONVERTER_PATH, logger });
writeFileSync(WORKFLOW_BUNDLE_PATH, code);
