import type { EndpointName } from '../../src/contract.js';

/** What the test has made before the table runs: Alice's private file and job, and public ones. */
export interface Fixtures {
  aliceFile: string;
  publicFile: string;
  /** A completed private job of Alice's (prefetch) and a public one. */
  aliceJob: string;
  publicJob: string;
  /** A webhook of Alice's. */
  aliceWebhook: string;
}

/** A request against Alice's private resource (or, for endpoints without one, an ordinary request). */
export interface Req {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  body?: unknown;
  /** Multipart upload of one small file instead of a JSON body. */
  upload?: boolean;
  /** The same request against the public resource (anyone may do it: never a 401/403/404). */
  publicPath?: string;
  publicBody?: unknown;
}

/**
 * Who asks. `owner` is Alice with her key. The others differ from her in one way each: no token,
 * an unknown token, Bob's token (with Alice's key), no key, a key that is not hers.
 */
export const ASKERS = ['noToken', 'badToken', 'otherUser', 'noKey', 'wrongKey'] as const;
export type Asker = (typeof ASKERS)[number];

/** A refusal (status and exact message, in the endpoint's format), an answer that hides the resource, or why the asker is allowed. */
export type Expect = [status: number, message: string] | { hides: 'aliceFile' | 'aliceJob' | 'aliceWebhook' } | { allowed: string };

export interface Row {
  request(fx: Fixtures): Req;
  refuse: Record<Asker, Expect>;
}

const UNAUTHORIZED: Expect = [401, 'Unauthorized'];
const NO_DOWNLOAD: Expect = [400, 'Failed to download file'];
const KEY_REQUIRED: Expect = [400, 'Encryption key is required'];
const noResource = (why: string): Expect => ({ allowed: why });

const parse = (category: string, extra: object = {}): Row => ({
  request: (fx) => ({
    method: 'POST',
    path: `/analysis/${category}/parse`,
    body: { file_ids: [fx.aliceFile], ...extra },
    publicBody: { file_ids: [fx.publicFile], ...extra },
  }),
  refuse: { noToken: NO_DOWNLOAD, badToken: UNAUTHORIZED, otherUser: NO_DOWNLOAD, noKey: KEY_REQUIRED, wrongKey: NO_DOWNLOAD },
});

const search = (category: string): Row => ({
  request: (fx) => ({
    method: 'POST',
    path: `/analysis/${category}/search`,
    body: { job_id: fx.aliceJob, search: '', browse_events: false },
    publicBody: { job_id: fx.publicJob, search: '', browse_events: false },
  }),
  refuse: {
    noToken: [404, 'Job not found'],
    badToken: UNAUTHORIZED,
    otherUser: [404, 'Job not found'],
    noKey: [403, 'Encryption key required'],
    wrongKey: [403, 'Encryption key is invalid for this job'],
  },
});

const fileScan = (engine: string): Row => ({
  request: (fx) => ({
    method: 'POST',
    path: `/analysis/${engine}/file`,
    body: { file_ids: [fx.aliceFile], operation: 'run_community_rules' },
    publicBody: { file_ids: [fx.publicFile], operation: 'run_community_rules' },
  }),
  refuse: { noToken: NO_DOWNLOAD, badToken: UNAUTHORIZED, otherUser: NO_DOWNLOAD, noKey: KEY_REQUIRED, wrongKey: NO_DOWNLOAD },
});

/** Inline scans and rule retrieval read nothing of anyone's: only a bad token is refused. */
const open = (path: string, body: unknown): Row => ({
  request: () => ({ method: 'POST', path, body, publicBody: body }),
  refuse: {
    noToken: noResource('the token is optional'),
    badToken: UNAUTHORIZED,
    otherUser: noResource('no user data is read'),
    noKey: noResource('nothing private is read'),
    wrongKey: noResource('nothing private is read'),
  },
});

const notPrivate = noResource('listings and deletions take no key');
const scanBody = { test_data: Buffer.from('hello').toString('base64'), operation: 'run_community_rules' };

/**
 * One row per endpoint of CONTRACT. Typed as a full record, so a new endpoint does not compile
 * until it has its row (and the test checks the same at run time).
 */
export const ACCESS: Record<EndpointName, Row> = {
  upload: {
    request: () => ({ method: 'POST', path: '/analysis/upload', upload: true }),
    refuse: {
      noToken: noResource('anonymous uploads are public'),
      badToken: UNAUTHORIZED,
      otherUser: noResource('a new file belongs to whoever uploads it'),
      noKey: KEY_REQUIRED,
      wrongKey: noResource('any well-formed key becomes the new file’s key'),
    },
  },
  listFiles: {
    request: () => ({ method: 'GET', path: '/analysis/file/list' }),
    refuse: { noToken: UNAUTHORIZED, badToken: UNAUTHORIZED, otherUser: { hides: 'aliceFile' }, noKey: notPrivate, wrongKey: notPrivate },
  },
  deleteFiles: {
    // Refusals only: the owner's own request is never sent, so the fixtures survive.
    request: (fx) => ({ method: 'POST', path: '/analysis/file/delete', body: { ids: [fx.aliceFile] } }),
    refuse: { noToken: UNAUTHORIZED, badToken: UNAUTHORIZED, otherUser: [404, 'File not found'], noKey: notPrivate, wrongKey: notPrivate },
  },
  parseEvtx: parse('winevtx', { run_sigma_rules: false }),
  parseRegistry: parse('registry'),
  parsePrefetch: parse('prefetch'),
  parseShortcuts: parse('lnk'),
  parseTriage: parse('triage', { run_sigma_rules: false }),
  lookup: open('/analysis/lookup', { module: 'file_name', search: 'cmd' }),
  searchEvtx: search('winevtx'),
  searchPrefetch: search('prefetch'),
  searchRegistry: search('registry'),
  searchShortcuts: search('lnk'),
  searchTriage: search('triage'),
  jobStatus: {
    request: (fx) => ({ method: 'GET', path: `/analysis/job/${fx.aliceJob}`, publicPath: `/analysis/job/${fx.publicJob}` }),
    refuse: {
      noToken: [404, 'Job with ID {aliceJob} not found'],
      badToken: UNAUTHORIZED,
      otherUser: [404, 'Job with ID {aliceJob} not found'],
      noKey: [403, 'Encryption key required'],
      wrongKey: [403, 'Encryption key is invalid for this job'],
    },
  },
  // Exports are admitted exactly as the job read is.
  exportJob: {
    request: (fx) => ({
      method: 'GET',
      path: `/analysis/job/${fx.aliceJob}/export?format=jsonl`,
      publicPath: `/analysis/job/${fx.publicJob}/export?format=jsonl`,
    }),
    refuse: {
      noToken: [404, 'Job with ID {aliceJob} not found'],
      badToken: UNAUTHORIZED,
      otherUser: [404, 'Job with ID {aliceJob} not found'],
      noKey: [403, 'Encryption key required'],
      wrongKey: [403, 'Encryption key is invalid for this job'],
    },
  },
  // A ticket stands for its creator's token and key (exports.integration.test.ts); headers add nothing but a bad token's 401.
  downloadExport: {
    request: () => ({ method: 'GET', path: `/analysis/export/${'A'.repeat(43)}` }),
    refuse: {
      noToken: [404, 'Export ticket not found or expired'],
      badToken: UNAUTHORIZED,
      otherUser: [404, 'Export ticket not found or expired'],
      noKey: [404, 'Export ticket not found or expired'],
      wrongKey: [404, 'Export ticket not found or expired'],
    },
  },
  deleteJobs: {
    request: (fx) => ({ method: 'POST', path: '/analysis/job/delete', body: { ids: [fx.aliceJob] } }),
    refuse: { noToken: UNAUTHORIZED, badToken: UNAUTHORIZED, otherUser: [404, 'Job ID not found'], noKey: notPrivate, wrongKey: notPrivate },
  },
  yaraFile: fileScan('yara'),
  sigmaFile: fileScan('sigma'),
  yaraData: open('/analysis/yara/data', scanBody),
  sigmaData: open('/analysis/sigma/data', { ...scanBody, test_data: Buffer.from('{"a":1}').toString('base64') }),
  yaraRules: open('/analysis/yara/rules', { rule_names: ['Quarry_Packer_UPX'] }),
  sigmaRules: open('/analysis/sigma/rules', { rule_names: ['Kerberos RC4 Service Ticket Requested'] }),
  listJobs: {
    request: () => ({ method: 'GET', path: '/analysis/job/list' }),
    refuse: { noToken: UNAUTHORIZED, badToken: UNAUTHORIZED, otherUser: { hides: 'aliceJob' }, noKey: notPrivate, wrongKey: notPrivate },
  },
  createWebhook: {
    request: () => ({ method: 'POST', path: '/analysis/webhooks', body: { url: 'https://93.184.215.14/hook', events: ['job.failed'] } }),
    refuse: { noToken: UNAUTHORIZED, badToken: UNAUTHORIZED, otherUser: noResource('each user registers their own'), noKey: notPrivate, wrongKey: notPrivate },
  },
  listWebhooks: {
    request: () => ({ method: 'GET', path: '/analysis/webhooks' }),
    refuse: { noToken: UNAUTHORIZED, badToken: UNAUTHORIZED, otherUser: { hides: 'aliceWebhook' }, noKey: notPrivate, wrongKey: notPrivate },
  },
  deleteWebhook: {
    request: (fx) => ({ method: 'DELETE', path: `/analysis/webhooks/${fx.aliceWebhook}` }),
    refuse: { noToken: UNAUTHORIZED, badToken: UNAUTHORIZED, otherUser: [404, 'Webhook not found'], noKey: notPrivate, wrongKey: notPrivate },
  },
};
