export { readInsights, writeInsights } from './sealed-insights.js';
export * from './record-store/index.js';
