export * from './operation.js';
export * from './admit.js';
export * from './run.js';
export * from './table.js';
export { evidenceOperationNames, type ParseOperations, type SearchOperations } from './evidence.js';
