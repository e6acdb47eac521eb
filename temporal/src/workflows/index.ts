// The workflow bundle's entry: one workflow per kind of job (names in WORKFLOW_TYPES).
export { parseJob } from './parse-job.js';
export { scanJob } from './scan-job.js';
export { jobWebhooks } from './job-webhooks.js';
