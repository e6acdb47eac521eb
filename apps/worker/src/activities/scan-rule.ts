import { openBuffer } from '@quarry/crypto';
import type { JobDto } from '@quarry/db';
import { unusable } from './unusable.js';

/**
 * The job's custom rule text (undefined: community rules). A private job's rule was sealed under the
 * job key at creation, bound to the job id.
 */
export function customRuleOf(job: JobDto, jobKey: Buffer | null): string | undefined {
  if (job.params['operation'] !== 'run_rule') return undefined;
  const plain = job.params['rule'];
  if (typeof plain === 'string') return plain;
  const sealed = job.params['rule_sealed'];
  if (typeof sealed !== 'string' || !jobKey) throw unusable('The job has no readable rule');
  try {
    return openBuffer(Buffer.from(sealed, 'base64'), jobKey, Buffer.from(job.id)).toString('utf8');
  } catch {
    throw unusable('The job rule could not be opened with this key');
  }
}
