/**
 * The REST contract in one place: every endpoint with the body format of its errors, exactly as
 * the spec lists them (JSON `{error}` for some, plain text for others).
 */
export type ErrorFormat = 'json' | 'text';

export const CONTRACT = {
  upload: { method: 'POST', paths: ['/upload', '/analysis/upload'], errors: 'text' },
  listFiles: { method: 'GET', paths: ['/analysis/file/list'], errors: 'json' },
  deleteFiles: { method: 'POST', paths: ['/analysis/file/delete'], errors: 'json' },
  parseEvtx: { method: 'POST', paths: ['/analysis/winevtx/parse'], errors: 'json' },
  parseRegistry: { method: 'POST', paths: ['/analysis/registry/parse'], errors: 'json' },
  parsePrefetch: { method: 'POST', paths: ['/analysis/prefetch/parse'], errors: 'json' },
  lookup: { method: 'POST', paths: ['/analysis/lookup'], errors: 'text' },
  searchEvtx: { method: 'POST', paths: ['/analysis/winevtx/search'], errors: 'json' },
  searchPrefetch: { method: 'POST', paths: ['/analysis/prefetch/search'], errors: 'json' },
  searchRegistry: { method: 'POST', paths: ['/analysis/registry/search'], errors: 'json' },
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
} as const satisfies Record<string, { method: 'GET' | 'POST'; paths: readonly string[]; errors: ErrorFormat }>;

export type EndpointName = keyof typeof CONTRACT;
