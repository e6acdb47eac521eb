/** Categories exactly as the REST contract names them. */
export type JobCategory = 'winevtx' | 'registry' | 'prefetch' | 'Yara' | 'sigma';
export const JOB_CATEGORIES: readonly JobCategory[] = ['winevtx', 'registry', 'prefetch', 'Yara', 'sigma'];

/** Who pays for the job; sets its task queue and Temporal priority. */
export type JobTier = 'enterprise' | 'pro' | 'free' | 'anonymous';

/**
 * Workflow input. `clientKey` is the caller's X-Service-Api-Enc-Key (base64): it is secret and only
 * ever travels inside payloads encrypted by the payload codec under the server master key.
 */
export interface AnalysisJobInput {
  jobId: string;
  category: JobCategory;
  clientKey: string | null;
}

export interface FailJobInput {
  jobId: string;
  clientKey: string | null;
  message: string;
}
