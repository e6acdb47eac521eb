/**
 * The one vocabulary of jobs: categories, tiers, statuses and visibilities, spelled exactly as the
 * REST contract and the database spell them; and of queries: filter operators, page/show bounds,
 * scan engines, lookup modules and their columns. Every package types against these; the database
 * enums are checked against them by a test in @quarry/db.
 */

import { EVIDENCE_TYPES, type EvidenceType } from './evidence-types/index.js';

export * from './evidence-types/index.js';

/** Categories of parse jobs (POST /analysis/<category>/parse): one per evidence type. */
export const PARSE_CATEGORIES: readonly [ParseCategory, ...ParseCategory[]] = EVIDENCE_TYPES;
export type ParseCategory = EvidenceType;

/** Categories of file-scan jobs (POST /analysis/{yara,sigma}/file), with the contract's casing. */
export const SCAN_CATEGORIES = ['Yara', 'sigma'] as const;
export type ScanCategory = (typeof SCAN_CATEGORIES)[number];

/** Job categories as the contract names them. */
export const JOB_CATEGORIES: readonly [JobCategory, ...JobCategory[]] = [...PARSE_CATEGORIES, ...SCAN_CATEGORIES];
export type JobCategory = ParseCategory | ScanCategory;

/** The kind of work a job is; each kind has its own workflow. */
export type JobKind = 'parse' | 'scan';
export const jobKindOf = (category: JobCategory): JobKind => (isParseCategory(category) ? 'parse' : 'scan');

export const isParseCategory = (value: unknown): value is ParseCategory => typeof value === 'string' && (PARSE_CATEGORIES as readonly string[]).includes(value);
export const isJobCategory = (value: unknown): value is JobCategory => typeof value === 'string' && (JOB_CATEGORIES as readonly string[]).includes(value);

/** Subscription tiers a user can hold. */
export const USER_TIERS = ['free', 'pro', 'enterprise'] as const;
export type UserTier = (typeof USER_TIERS)[number];

/** Who pays for a job: a user's tier, or anonymous. Highest priority first. */
export const JOB_TIERS = ['enterprise', 'pro', 'free', 'anonymous'] as const;
export type JobTier = (typeof JOB_TIERS)[number];

export const JOB_STATUSES = ['Pending', 'Processing', 'Completed', 'Failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
/** Statuses from which a job never moves again. */
export const isFinished = (status: JobStatus): boolean => status === 'Completed' || status === 'Failed';

export const VISIBILITIES = ['public', 'private'] as const;
export type Visibility = (typeof VISIBILITIES)[number];

export { HTTP_PATHS, type HttpPath } from './http-paths.js';
export * from './queries.js';
export * from './scan-engines.js';
export * from './lookup-modules.js';
export * from './webhooks.js';
