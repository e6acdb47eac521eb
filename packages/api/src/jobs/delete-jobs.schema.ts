import { z } from 'zod';
import { uuidList } from '../ids.schema.js';

export const deleteJobsSchema = z.object({ ids: uuidList('Invalid job ID format') }, { error: 'Invalid job ID format' });
export type DeleteJobsInput = z.output<typeof deleteJobsSchema>;
