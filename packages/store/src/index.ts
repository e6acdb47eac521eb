export { readInsights, writeInsights } from './sealed-insights.js';
