export * from './types.js';
export * from './file-kind.js';
export * from './accepted-kinds.js';
