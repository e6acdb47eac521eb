import { fileURLToPath } from 'node:url';
import { bundleWorkflowCode } from '@temporalio/worker';
import { expect, test } from 'vitest';
import { FAILURE_CONVERTER_PATH } from '../src/index.js';

test('the failure converter path bundles into workflow code, as a worker does', async () => {
  const { code } = await bundleWorkflowCode({
    workflowsPath: fileURLToPath(new URL('./fixtures/workflows.ts', import.meta.url)),
    failureConverterPath: FAILURE_CONVERTER_PATH,
    logger: { log() {}, trace() {}, debug() {}, info() {}, warn() {}, error() {} },
  });
  expect(code).toContain('encodeCommonAttributes: true');
  expect(code).toContain('failingWorkflow');
});
