import type { RecordPage, SearchSummary } from '@quarry/api';
import { jobStatusBody } from './jobs.js';

/**
 * browse_events true: `{ insights: [ { IndexTable } ] }` (category General); false: the job status
 * body with the insights rebuilt over the matching records.
 */
export function searchBody(answer: RecordPage | SearchSummary) {
  if (answer.kind === 'summary') return jobStatusBody(answer.job);
  return { insights: [{ IndexTable: { title: answer.title, data: answer.entries, columns: answer.columns, category: 'General' } }] };
}
