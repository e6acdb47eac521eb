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
  jobStatus: { method: 'GET', paths: ['/analysis/job/:job_id'], errors: 'text' },
  deleteJobs: { method: 'POST', paths: ['/analysis/job/delete'], errors: 'text' },
  // Not shown by the spec; defined here (docs/api-decisions.md). JSON like the other listings.
  listJobs: { method: 'GET', paths: ['/analysis/job/list'], errors: 'json' },
} as const satisfies Record<string, { method: 'GET' | 'POST'; paths: readonly string[]; errors: ErrorFormat }>;

export type EndpointName = keyof typeof CONTRACT;
