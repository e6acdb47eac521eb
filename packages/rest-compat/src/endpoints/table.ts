import { evidenceOperationNames, operations } from '@quarry/api';
import { EVIDENCE_TYPES, SCAN_ENGINES, type EvidenceType, type ScanEngine } from '@quarry/vocabulary';
import { fileListRow } from '../presenters/files.js';
import { downloadResponse, exportQueryInput } from '../presenters/exports.js';
import { createdJobBody, jobListEntryBody, jobStatusBody } from '../presenters/jobs.js';
import { lookupBody } from '../presenters/lookup.js';
import { createdScanJobBody, sigmaDataBody, yaraDataBody } from '../presenters/scans.js';
import { searchBody } from '../presenters/search.js';
import { createdWebhookBody, webhookListEntryBody } from '../presenters/webhooks.js';
import { endpoint, type Endpoint, type TableEndpointName } from './endpoint.js';
import { camelInput, looseFileIds, looseRule, snakeBody } from './snake-body.js';

/** The two engines' endpoints of each scan kind. */
const ENGINE_ENDPOINTS: Record<ScanEngine, { file: TableEndpointName; data: TableEndpointName; rules: TableEndpointName }> = {
  yara: { file: 'yaraFile', data: 'yaraData', rules: 'yaraRules' },
  sigma: { file: 'sigmaFile', data: 'sigmaData', rules: 'sigmaRules' },
};

const idsLoose = { fileIds: looseFileIds };
const scanLoose = { fileIds: looseFileIds, rule: looseRule };
/** Bodies that are not JSON objects: the delete and rule endpoints answer as for an empty one. */
const asEmpty = { as: {} };

/** An evidence type's endpoints carry its operations' names (contract.ts derives both from the descriptor). */
function evidenceEndpoints(type: EvidenceType): Endpoint[] {
  const names = evidenceOperationNames(type);
  const parse = operations[names.parse];
  const search = operations[names.search];
  return [
    endpoint({
      name: names.parse,
      operation: parse,
      body: snakeBody(parse.input, { loose: idsLoose }),
      input: (body) => camelInput(body, idsLoose),
      present: createdJobBody,
    }),
    endpoint({
      name: names.search,
      operation: search,
      body: snakeBody(search.input),
      input: (body) => camelInput(body),
      present: searchBody,
    }),
  ];
}

function engineEndpoints(engine: ScanEngine): Endpoint[] {
  const names = ENGINE_ENDPOINTS[engine];
  return [
    endpoint({
      name: names.file,
      operation: operations.scanFiles,
      body: snakeBody(operations.scanFiles.input, { omit: ['engine'], loose: scanLoose }),
      input: (body) => ({ ...camelInput(body, scanLoose), engine }),
      present: createdScanJobBody,
    }),
    endpoint({
      name: names.data,
      operation: operations.scanData,
      body: snakeBody(operations.scanData.input, { omit: ['engine'], loose: { rule: looseRule } }),
      input: (body) => ({ ...camelInput(body, { rule: looseRule }), engine }),
      present: engine === 'yara' ? yaraDataBody : sigmaDataBody,
    }),
    endpoint({
      name: names.rules,
      operation: operations.retrieveRules,
      body: snakeBody(operations.retrieveRules.input, { omit: ['engine'] }),
      unreadableBody: asEmpty,
      input: (body) => ({ ...camelInput(body), engine }),
      present: (results) => ({ results }),
    }),
  ];
}

/**
 * Every endpoint of the REST contract but the multipart upload, each running one operation. A new
 * evidence type gets its parse and search endpoints from the operations table.
 */
export const ENDPOINTS: readonly Endpoint[] = [
  endpoint({ name: 'listFiles', operation: operations.listFiles, input: () => ({}), present: (files) => ({ files: files.map(fileListRow) }) }),
  endpoint({
    name: 'deleteFiles',
    operation: operations.deleteFiles,
    unreadableBody: asEmpty,
    input: (body) => body,
    present: () => ({ message: 'File deleted successfully' }),
  }),
  ...EVIDENCE_TYPES.flatMap(evidenceEndpoints),
  // Before /analysis/job/:job_id, so "list" is never taken for an id.
  endpoint({ name: 'listJobs', operation: operations.listJobs, input: () => ({}), present: (jobs) => ({ jobs: jobs.map(jobListEntryBody) }) }),
  endpoint({
    name: 'deleteJobs',
    operation: operations.deleteJobs,
    unreadableBody: asEmpty,
    input: (body) => body,
    present: () => ({ message: 'Job deleted successfully' }),
  }),
  endpoint({ name: 'jobStatus', operation: operations.getJob, input: (_body, params) => ({ id: params['job_id'] }), present: jobStatusBody }),
  endpoint({
    name: 'exportJob',
    operation: operations.exportJob,
    input: (_body, params, query) => exportQueryInput(params['job_id'], query),
    present: downloadResponse,
  }),
  endpoint({
    name: 'downloadExport',
    operation: operations.downloadExport,
    input: (_body, params) => ({ ticket: params['ticket'] }),
    present: downloadResponse,
  }),
  // A body that is not a JSON object is a parameter problem like any other here: 422.
  endpoint({ name: 'lookup', operation: operations.lookup, unreadableBody: { as: null }, input: (body) => body, present: lookupBody }),
  ...SCAN_ENGINES.flatMap(engineEndpoints),
  endpoint({ name: 'createWebhook', operation: operations.createWebhook, input: (body) => body, present: createdWebhookBody }),
  endpoint({
    name: 'listWebhooks',
    operation: operations.listWebhooks,
    input: () => ({}),
    present: (hooks) => ({ webhooks: hooks.map(webhookListEntryBody) }),
  }),
  endpoint({
    name: 'deleteWebhook',
    operation: operations.deleteWebhook,
    input: (_body, params) => ({ id: params['webhook_id'] }),
    present: () => ({ message: 'Webhook deleted successfully' }),
  }),
];
