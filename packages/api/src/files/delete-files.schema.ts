import { z } from 'zod';
import { uuidList } from '../ids.schema.js';

export const deleteFilesSchema = z.object({ ids: uuidList('Invalid file ID format') }, { error: 'Invalid file ID format' });
export type DeleteFilesInput = z.output<typeof deleteFilesSchema>;
