import { z } from 'zod';
import { operations } from '@quarry/api';
import { EVIDENCE_TYPES, evidenceTypes } from '@quarry/vocabulary';
import type { EndpointName } from '../contract.js';
import { deleteFilesResponse, fileListResponse, uploadResponse } from '../responses/files.schema.js';
import { createdJobResponse, deleteJobsResponse, jobListResponse, jobStatusResponse } from '../responses/jobs.schema.js';
import { lookupResponse } from '../responses/lookup.schema.js';
import { rulesResponse } from '../responses/rules.schema.js';
import { sigmaDataResponse, yaraDataResponse } from '../responses/scans.schema.js';
import { searchResponse } from '../responses/search.schema.js';
import { createdWebhookResponse, deleteWebhookResponse, webhookListResponse } from '../responses/webhooks.schema.js';

/** Error statuses an endpoint documents itself; 500 and 503 (and 408/413 for JSON bodies) are added for all. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 408 | 413 | 422 | 429;

export type Tag = 'Files' | 'Jobs' | 'Parsing' | 'Search' | 'Lookup' | 'Scans' | 'Rules' | 'Exports' | 'Webhooks';

/** A query-string parameter of a GET endpoint. */
export interface QueryParameter {
  name: string;
  description: string;
  required?: boolean;
  schema: Record<string, unknown>;
}

/** What the spec says an endpoint answers: its 200 body, and each error status with when it is sent. */
export interface EndpointResponses {
  tag: Tag;
  ok: z.ZodType;
  /** A streamed file instead of a JSON body: its media types (each a string body; `ok` unused). */
  download?: readonly string[];
  query?: readonly QueryParameter[];
  /** The body format of each is the contract's (CONTRACT `errors`). */
  errors: Partial<Record<ErrorStatus, string>>;
}

const PARSE: Omit<EndpointResponses, 'ok'> = {
  tag: 'Parsing',
  errors: {
    400: "`No file IDs provided`, `Too many file IDs provided`, the category's file-count or size limit, `Failed to download file`, `Encryption key is required`, a bad key format or a body check",
    401: '`Unauthorized`: a token that is given must be valid',
  },
};
const SEARCH: EndpointResponses = {
  tag: 'Search',
  ok: searchResponse,
  errors: {
    400: '`Job not found` (malformed id), `Job not completed`, `Invalid time range`, a job of another category or a body check',
    401: '`Unauthorized`',
    403: '`Encryption key required` (private job), or a key that does not open it',
    404: "`Job not found`: no such job, or another user's private job",
  },
};
const DATA_SCAN: Omit<EndpointResponses, 'ok'> = {
  tag: 'Scans',
  errors: {
    400: '`Invalid test data format`',
    401: '`Unauthorized` (a bad token)',
    422: '`Rule is required` (run_rule without a rule)',
    429: 'Rate limit exceeded (inline scans per minute), with Retry-After',
  },
};
const RULES: EndpointResponses = {
  tag: 'Rules',
  ok: rulesResponse,
  errors: { 400: '`Invalid rule names provided`', 401: '`Unauthorized` (a bad token)', 404: '`One or more rules not found`' },
};

const EXPORT_ERRORS: EndpointResponses['errors'] = {
  400: '`Job not completed`, `X-Service-Api-Enc-Key is invalid`, an option the format does not take, an insight that is not a table, or a bad filter',
  401: '`Unauthorized` (a bad token)',
  403: '`Encryption key required` (private job), or a key that does not open it',
  404: "`Job with ID <job_id> not found` (also another user's private job), or `Insight not found: <title>`",
};
const FILE_MEDIA = ['text/csv', 'application/x-ndjson'] as const;

/** Each evidence type's parse and search endpoints, named from its descriptor as CONTRACT names them. */
type EvidenceEndpoint = Extract<EndpointName, `parse${string}` | `search${string}`>;
const EVIDENCE_RESPONSES = Object.fromEntries(
  EVIDENCE_TYPES.flatMap((type) => [
    [`parse${evidenceTypes[type].operationName}`, { ...PARSE, ok: createdJobResponse(type, 'Job queued') }],
    [`search${evidenceTypes[type].operationName}`, SEARCH],
  ]),
) as Record<EvidenceEndpoint, EndpointResponses>;

/**
 * The responses of every REST endpoint, keyed by the endpoint table's names (endpoints/table.ts;
 * the upload is routes/upload.ts): with the table's operation and body schema, all the OpenAPI
 * document needs. An endpoint without an entry here fails to compile; a new evidence type's two
 * come from its descriptor.
 */
export const ENDPOINT_RESPONSES: Record<EndpointName, EndpointResponses> = {
  upload: {
    tag: 'Files',
    ok: uploadResponse,
    errors: {
      400: '`Failed to process multipart form: <details>`, `Encryption key is required` (signed in without a key), a bad token or key format',
      401: '`Unauthorized`: an unknown token',
      408: 'The upload did not finish within 30 seconds',
      413: 'A file is larger than 250 MB',
    },
  },
  listFiles: { tag: 'Files', ok: fileListResponse, errors: { 401: '`Unauthorized`' } },
  deleteFiles: {
    tag: 'Files',
    ok: deleteFilesResponse,
    errors: { 400: '`Invalid file ID format`', 401: '`Unauthorized`', 404: '`File not found` (also a file the caller cannot delete)' },
  },
  ...EVIDENCE_RESPONSES,
  lookup: { tag: 'Lookup', ok: lookupResponse, errors: { 400: '`Unknown lookup module`', 401: '`Unauthorized` (a bad token)', 422: '`Validation failed`' } },
  jobStatus: {
    tag: 'Jobs',
    ok: jobStatusResponse,
    errors: {
      400: '`X-Service-Api-Enc-Key is invalid` (bad key format)',
      401: '`Unauthorized` (a bad token)',
      403: '`Encryption key required` (private job), or a key that does not open it',
      404: "`Job with ID <job_id> not found` (also another user's private job)",
    },
  },
  deleteJobs: {
    tag: 'Jobs',
    ok: deleteJobsResponse,
    errors: { 400: '`Invalid job ID format`', 401: '`Unauthorized`', 404: '`Job ID not found` (also a job the caller cannot delete)' },
  },
  // Not shown by the spec (docs/api-decisions.md).
  listJobs: { tag: 'Jobs', ok: jobListResponse, errors: { 401: '`Unauthorized`' } },
  yaraFile: {
    tag: 'Scans',
    ok: createdJobResponse('Yara', 'Job created successfully'),
    errors: {
      400: '`No file IDs provided`, `Too many file IDs provided`, `Max File analysis size limit exceeded (250MB)`, `Failed to download file`, `Rule is required`, `Invalid Yara rule: …`',
      401: '`Unauthorized`',
      429: 'Rate limit exceeded (YARA file scans per hour), with Retry-After',
    },
  },
  sigmaFile: {
    tag: 'Scans',
    ok: createdJobResponse('sigma', 'Job queued'),
    errors: {
      400: '`No file IDs provided`, `Too many file IDs provided`, `Max Sigma File analysis size limit exceeded (1GB)`, `Failed to download file`, `Rule is required`, `Invalid Sigma rule format: …`',
      401: '`Unauthorized`',
    },
  },
  yaraData: { ...DATA_SCAN, ok: yaraDataResponse },
  sigmaData: { ...DATA_SCAN, ok: sigmaDataResponse },
  yaraRules: RULES,
  sigmaRules: RULES,
  // Issue 38's extension (docs/api-decisions.md, Webhooks).
  createWebhook: {
    tag: 'Webhooks',
    ok: createdWebhookResponse,
    errors: {
      400: '`Invalid webhook URL: …` (not http(s), credentials or a fragment in it, longer than 2048 characters, a host that does not resolve or resolves to a loopback, link-local, private or other non-public address), `Too many webhooks: the limit is 10 per user`, `events must be a non-empty list of job.completed, job.failed`, `url must be a string`',
      401: '`Unauthorized`',
    },
  },
  listWebhooks: { tag: 'Webhooks', ok: webhookListResponse, errors: { 401: '`Unauthorized`' } },
  deleteWebhook: {
    tag: 'Webhooks',
    ok: deleteWebhookResponse,
    errors: { 401: '`Unauthorized`', 404: "`Webhook not found` (also another user's webhook, or an id that is not a UUID)" },
  },
  exportJob: {
    tag: 'Exports',
    ok: z.string(),
    download: FILE_MEDIA,
    query: [
      {
        name: 'format',
        required: true,
        description: 'csv, jsonl, timesketch, ecs, sigma-csv or sigma-jsonl',
        schema: { type: 'string', enum: [...operations.exportJob.input.shape.format.options] },
      },
      { name: 'insight', description: 'Title of one insight: its table (csv) or its rows (jsonl)', schema: { type: 'string', maxLength: 256 } },
      { name: 'search', description: 'As the search endpoints: text every exported record holds', schema: { type: 'string', maxLength: 1024 } },
      { name: 'filter', description: 'As the search endpoints: a JSON array of {field, operator, value}', schema: { type: 'string' } },
      { name: 'start_time', description: 'Unix milliseconds, inclusive', schema: { type: 'integer' } },
      { name: 'end_time', description: 'Unix milliseconds, inclusive', schema: { type: 'integer' } },
      { name: 'bom', description: 'CSV: a UTF-8 byte order mark first (Excel)', schema: { type: 'boolean', default: false } },
    ],
    errors: EXPORT_ERRORS,
  },
  downloadExport: {
    tag: 'Exports',
    ok: z.string(),
    download: FILE_MEDIA,
    errors: { 404: '`Export ticket not found or expired` (also a ticket used once already)' },
  },
};
