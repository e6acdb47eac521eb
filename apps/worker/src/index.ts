export { startWorker, type RunningWorker } from './start-worker.js';
export { createActivities } from './activities/create-activities.js';
export type { WorkerDeps } from './deps.js';
export { CpuBudget, type CpuLease } from './cpu-budget.js';
export { MemoryBudget, type MemoryLease } from './memory-budget.js';
export { estimateJobMemory } from './memory-estimate.js';
