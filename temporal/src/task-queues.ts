import { JOB_TIERS, type JobTier } from '@quarry/vocabulary';

/**
 * One task queue per tier, so a flood of anonymous jobs never starves paying users: the worker
 * polls every queue and gives higher tiers more concurrent slots. The Temporal priority key is set
 * as well (1 = highest) for servers whose matcher honours it.
 */
export const TIER_QUEUES: Record<JobTier, { taskQueue: string; priorityKey: number; slots: number }> = {
  enterprise: { taskQueue: 'quarry-jobs-enterprise', priorityKey: 1, slots: 4 },
  pro: { taskQueue: 'quarry-jobs-pro', priorityKey: 2, slots: 3 },
  free: { taskQueue: 'quarry-jobs-free', priorityKey: 3, slots: 2 },
  anonymous: { taskQueue: 'quarry-jobs-anonymous', priorityKey: 4, slots: 1 },
};

export const ALL_TIERS: readonly JobTier[] = JOB_TIERS;
