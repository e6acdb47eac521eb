import { EVIDENCE_TYPES, evidenceTypes, type EvidenceType } from '@quarry/vocabulary';

/**
 * The REST contract in one place: every endpoint with the body format of its errors, exactly as
 * the spec lists them (JSON `{error}` for some, plain text for others).
 */
export type ErrorFormat = 'json' | 'text';

type Method = 'GET' | 'POST' | 'DELETE';
type Entry<M extends Method, E extends ErrorFormat> = { readonly method: M; readonly paths: readonly [string, ...string[]]; readonly errors: E };
type NameOf<T extends EvidenceType> = (typeof evidenceTypes)[T]['operationName'];

/**
 * Each evidence type's parse and search endpoints (POST /analysis/<type>/{parse,search}, JSON
 * errors), named as its operations (parse<Name>, search<Name>): a new type gets both from its descriptor.
 */
const EVIDENCE_ENDPOINTS = Object.fromEntries(
  EVIDENCE_TYPES.flatMap((t) => [
    [`parse${evidenceTypes[t].operationName}`, { method: 'POST', paths: [`/analysis/${t}/parse`], errors: 'json' }],
    [`search${evidenceTypes[t].operationName}`, { method: 'POST', paths: [`/analysis/${t}/search`], errors: 'json' }],
  ]),
) as unknown as { [T in EvidenceType as `parse${NameOf<T>}` | `search${NameOf<T>}`]: Entry<'POST', 'json'> };

export const CONTRACT = {
  upload: { method: 'POST', paths: ['/upload', '/analysis/upload'], errors: 'text' },
  listFiles: { method: 'GET', paths: ['/analysis/file/list'], errors: 'json' },
  deleteFiles: { method: 'POST', paths: ['/analysis/file/delete'], errors: 'json' },
  ...EVIDENCE_ENDPOINTS,
  lookup: { method: 'POST', paths: ['/analysis/lookup'], errors: 'text' },
  jobStatus: { method: 'GET', paths: ['/analysis/job/:job_id'], errors: 'text' },
  deleteJobs: { method: 'POST', paths: ['/analysis/job/delete'], errors: 'text' },
  yaraFile: { method: 'POST', paths: ['/analysis/yara/file'], errors: 'json' },
  sigmaFile: { method: 'POST', paths: ['/analysis/sigma/file'], errors: 'text' },
  yaraData: { method: 'POST', paths: ['/analysis/yara/data'], errors: 'text' },
  sigmaData: { method: 'POST', paths: ['/analysis/sigma/data'], errors: 'text' },
  yaraRules: { method: 'POST', paths: ['/analysis/yara/rules'], errors: 'json' },
  sigmaRules: { method: 'POST', paths: ['/analysis/sigma/rules'], errors: 'text' },
  // Not shown by the spec; defined here (docs/api-decisions.md). JSON like the other listings.
  listJobs: { method: 'GET', paths: ['/analysis/job/list'], errors: 'json' },
  // Issue 38's extension (docs/api-decisions.md, Webhooks): JSON errors like the listings.
  createWebhook: { method: 'POST', paths: ['/analysis/webhooks'], errors: 'json' },
  listWebhooks: { method: 'GET', paths: ['/analysis/webhooks'], errors: 'json' },
  deleteWebhook: { method: 'DELETE', paths: ['/analysis/webhooks/:webhook_id'], errors: 'json' },
  // Extensions of issue #38 (docs/api-decisions.md, "Exports"): plain-text errors, as the job read's.
  exportJob: { method: 'GET', paths: ['/analysis/job/:job_id/export'], errors: 'text' },
  downloadExport: { method: 'GET', paths: ['/analysis/export/:ticket'], errors: 'text' },
} as const satisfies Record<string, { method: Method; paths: readonly string[]; errors: ErrorFormat }>;

export type EndpointName = keyof typeof CONTRACT;
