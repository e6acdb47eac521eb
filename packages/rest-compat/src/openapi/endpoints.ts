import { z } from 'zod';
import {
  createParseJobSchemas,
  createScanJobSchema,
  deleteFilesSchema,
  deleteJobsSchema,
  retrieveRulesSchema,
  scanDataSchema,
  searchRecordsSchema,
} from '@quarry/api';
import { lookupParamsSchema } from '@quarry/reference';
import type { EndpointName } from '../contract.js';
import { deleteFilesResponse, fileListResponse, uploadResponse } from '../responses/files.schema.js';
import { createdJobResponse, deleteJobsResponse, jobListResponse, jobStatusResponse } from '../responses/jobs.schema.js';
import { lookupResponse } from '../responses/lookup.schema.js';
import { rulesResponse } from '../responses/rules.schema.js';
import { sigmaDataResponse, yaraDataResponse } from '../responses/scans.schema.js';
import { searchResponse } from '../responses/search.schema.js';

/**
 * Who may call: `token` needs a valid token; `optional` takes one (a bad one is still 401);
 * `optional+key` also reads the encryption key (private files and jobs).
 */
export type Access = 'token' | 'optional' | 'optional+key';

/** Error statuses an endpoint documents itself; 500 and 503 (and 408/413 for JSON bodies) are added for all. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 408 | 413 | 422 | 429;

export interface EndpointDoc {
  summary: string;
  tag: 'Files' | 'Jobs' | 'Parsing' | 'Search' | 'Lookup' | 'Scans' | 'Rules';
  access: Access;
  /** The request body: JSON checked by the service's own schema, or the multipart upload form. */
  body?: { json: z.ZodType } | { multipart: z.ZodType };
  /** The 200 body. */
  ok: z.ZodType;
  /** Each error status with when it is answered (the body format is the contract's, per endpoint). */
  errors: Partial<Record<ErrorStatus, string>>;
}

const uploadForm = z.object({ files: z.array(z.file()).min(1).describe('one or more files; repeat the field for several') });

const PARSE_ERRORS = {
  400: "`No file IDs provided`, `Too many file IDs provided`, the category's file-count or size limit, `Failed to download file`, `Encryption key is required`, a bad key format or a body check",
  401: '`Unauthorized`: a token that is given must be valid',
} as const;
const SEARCH_ERRORS = {
  400: '`Job not found` (malformed id), `Job not completed`, `Invalid time range`, a job of another category or a body check',
  401: '`Unauthorized`',
  403: '`Encryption key required` (private job), or a key that does not open it',
  404: "`Job not found`: no such job, or another user's private job",
} as const;
const RULES_ERRORS = { 400: '`Invalid rule names provided`', 401: '`Unauthorized` (a bad token)', 404: '`One or more rules not found`' } as const;
const DATA_SCAN_ERRORS = {
  400: '`Invalid test data format`',
  401: '`Unauthorized` (a bad token)',
  422: '`Rule is required` (run_rule without a rule)',
  429: 'Rate limit exceeded (inline scans per minute), with Retry-After',
} as const;

/**
 * What the OpenAPI document says of each endpoint of the contract (method and paths are
 * CONTRACT's). Keyed by endpoint name, so an endpoint without a line here fails to compile.
 */
export const ENDPOINT_DOCS: Record<EndpointName, EndpointDoc> = {
  upload: {
    summary: 'Upload one or more files (stored encrypted when signed in with a key)',
    tag: 'Files',
    access: 'optional+key',
    body: { multipart: uploadForm },
    ok: uploadResponse,
    errors: {
      400: '`Failed to process multipart form: <details>`, `Encryption key is required` (signed in without a key), a bad token or key format',
      401: '`Unauthorized`: an unknown token',
      408: 'The upload did not finish within 30 seconds',
      413: 'A file is larger than 250 MB',
    },
  },
  listFiles: { summary: "List the caller's files, in creation order", tag: 'Files', access: 'token', ok: fileListResponse, errors: { 401: '`Unauthorized`' } },
  deleteFiles: {
    summary: "Delete the caller's files (all or none)",
    tag: 'Files',
    access: 'token',
    body: { json: deleteFilesSchema },
    ok: deleteFilesResponse,
    errors: { 400: '`Invalid file ID format`', 401: '`Unauthorized`', 404: '`File not found` (also a file the caller cannot delete)' },
  },
  parseEvtx: {
    summary: 'Queue an EVTX parsing job (optionally with the community Sigma rules)',
    tag: 'Parsing',
    access: 'optional+key',
    body: { json: createParseJobSchemas.winevtx },
    ok: createdJobResponse('winevtx', 'Job queued'),
    errors: PARSE_ERRORS,
  },
  parseRegistry: {
    summary: 'Queue a registry-hive parsing job',
    tag: 'Parsing',
    access: 'optional+key',
    body: { json: createParseJobSchemas.registry },
    ok: createdJobResponse('registry', 'Job queued'),
    errors: PARSE_ERRORS,
  },
  parsePrefetch: {
    summary: 'Queue a prefetch parsing job',
    tag: 'Parsing',
    access: 'optional+key',
    body: { json: createParseJobSchemas.prefetch },
    ok: createdJobResponse('prefetch', 'Job queued'),
    errors: PARSE_ERRORS,
  },
  lookup: {
    summary: 'Look up reference data on Windows executables (file_name) or event ids (event_id)',
    tag: 'Lookup',
    access: 'optional',
    body: { json: lookupParamsSchema },
    ok: lookupResponse,
    errors: { 400: '`Unknown lookup module`', 401: '`Unauthorized` (a bad token)', 422: '`Validation failed`' },
  },
  searchEvtx: {
    summary: 'Search the records of a completed EVTX job',
    tag: 'Search',
    access: 'optional+key',
    body: { json: searchRecordsSchema },
    ok: searchResponse,
    errors: SEARCH_ERRORS,
  },
  searchPrefetch: {
    summary: 'Search the records of a completed prefetch job',
    tag: 'Search',
    access: 'optional+key',
    body: { json: searchRecordsSchema },
    ok: searchResponse,
    errors: SEARCH_ERRORS,
  },
  searchRegistry: {
    summary: 'Search the records of a completed registry job',
    tag: 'Search',
    access: 'optional+key',
    body: { json: searchRecordsSchema },
    ok: searchResponse,
    errors: SEARCH_ERRORS,
  },
  jobStatus: {
    summary: 'A job: its status, and its insights once it has finished',
    tag: 'Jobs',
    access: 'optional+key',
    ok: jobStatusResponse,
    errors: {
      400: '`X-Service-Api-Enc-Key is invalid` (bad key format)',
      401: '`Unauthorized` (a bad token)',
      403: '`Encryption key required` (private job), or a key that does not open it',
      404: "`Job with ID <job_id> not found` (also another user's private job)",
    },
  },
  deleteJobs: {
    summary: "Delete the caller's jobs and their results (all or none)",
    tag: 'Jobs',
    access: 'token',
    body: { json: deleteJobsSchema },
    ok: deleteJobsResponse,
    errors: { 400: '`Invalid job ID format`', 401: '`Unauthorized`', 404: '`Job ID not found` (also a job the caller cannot delete)' },
  },
  yaraFile: {
    summary: 'Queue a YARA scan of files (community rules or a custom rule)',
    tag: 'Scans',
    access: 'optional+key',
    body: { json: createScanJobSchema },
    ok: createdJobResponse('Yara', 'Job created successfully'),
    errors: {
      400: '`No file IDs provided`, `Too many file IDs provided`, `Max File analysis size limit exceeded (250MB)`, `Failed to download file`, `Rule is required`, `Invalid Yara rule: …`',
      401: '`Unauthorized`',
      429: 'Rate limit exceeded (YARA file scans per hour), with Retry-After',
    },
  },
  sigmaFile: {
    summary: 'Queue a Sigma scan of files (community rules or a custom rule)',
    tag: 'Scans',
    access: 'optional+key',
    body: { json: createScanJobSchema },
    ok: createdJobResponse('sigma', 'Job queued'),
    errors: {
      400: '`No file IDs provided`, `Too many file IDs provided`, `Max Sigma File analysis size limit exceeded (1GB)`, `Failed to download file`, `Rule is required`, `Invalid Sigma rule format: …`',
      401: '`Unauthorized`',
    },
  },
  yaraData: {
    summary: 'Scan inline data with YARA (no job)',
    tag: 'Scans',
    access: 'optional',
    body: { json: scanDataSchema },
    ok: yaraDataResponse,
    errors: DATA_SCAN_ERRORS,
  },
  sigmaData: {
    summary: 'Scan inline JSON or XML events with Sigma (no job)',
    tag: 'Scans',
    access: 'optional',
    body: { json: scanDataSchema },
    ok: sigmaDataResponse,
    errors: DATA_SCAN_ERRORS,
  },
  yaraRules: {
    summary: 'The text of community YARA rules, by name',
    tag: 'Rules',
    access: 'optional',
    body: { json: retrieveRulesSchema },
    ok: rulesResponse,
    errors: RULES_ERRORS,
  },
  sigmaRules: {
    summary: 'The text of community Sigma rules, by title or name',
    tag: 'Rules',
    access: 'optional',
    body: { json: retrieveRulesSchema },
    ok: rulesResponse,
    errors: RULES_ERRORS,
  },
  listJobs: {
    summary: "List the caller's jobs, newest first (not shown by the spec; docs/api-decisions.md)",
    tag: 'Jobs',
    access: 'token',
    ok: jobListResponse,
    errors: { 401: '`Unauthorized`' },
  },
};
