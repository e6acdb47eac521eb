import { z } from 'zod';
import { isUuid } from './auth/formats.js';

/** A non-empty list of resource ids in UUID form; every way of getting it wrong gets `message`. */
export const uuidList = (message: string) =>
  z.array(z.string({ error: message }).refine(isUuid, { error: message }), { error: message }).min(1, { error: message });
