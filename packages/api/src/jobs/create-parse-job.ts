import { randomUUID } from 'node:crypto';
import { newDataKey, wrapKey } from '@quarry/crypto';
import type { ParseCategory } from '@quarry/vocabulary';
import type { Caller } from '../auth/caller.js';
import { isUuid } from '../auth/formats.js';
import type { ServiceDeps } from '../deps.js';
import { AppError } from '../errors/app-error.js';
import { MAX_IDS_PER_REQUEST, PARSE_LIMITS } from '../limits.js';
import type { CreateParseJobInput } from './create-parse-job.schema.js';
import { newJobName } from './job-name.js';
import { readableInputs, recordAndStart } from './job-inputs.js';

const LIMIT_MESSAGES: Record<ParseCategory, { count: string; size: string }> = {
  winevtx: { count: 'Too many file IDs provided', size: 'Max EVTX analysis size limit exceeded (1GB)' },
  registry: { count: 'Max registry analysis file limit exceeded', size: '' },
  prefetch: { count: 'Max prefetch analysis file limit exceeded', size: '' },
};

export interface CreatedJob {
  id: string;
  jobName: string;
  category: ParseCategory;
}

/**
 * Validates a parse request exactly as the contract orders it (ids, counts, sizes, access),
 * records the job and starts it on the caller's tier.
 */
export async function createParseJob(
  deps: ServiceDeps,
  caller: Caller,
  clientKey: Buffer | null,
  input: CreateParseJobInput,
): Promise<CreatedJob> {
  const { category } = input;
  const limits = PARSE_LIMITS[category];
  const ids = input.fileIds;
  if (ids.length === 0) throw new AppError('BAD_REQUEST', 'No file IDs provided');
  if (ids.length > MAX_IDS_PER_REQUEST) throw new AppError('BAD_REQUEST', 'Too many file IDs provided');
  if (ids.length > limits.maxFiles) throw new AppError('BAD_REQUEST', LIMIT_MESSAGES[category].count);
  if (!ids.every(isUuid)) throw new AppError('BAD_REQUEST', 'Failed to download file');

  const inputs = await readableInputs(deps, caller, clientKey, ids, { maxTotalBytes: limits.maxTotalBytes, message: LIMIT_MESSAGES[category].size });

  const id = randomUUID();
  const jobName = newJobName();
  await recordAndStart(
    deps,
    {
      id,
      jobName,
      category,
      ownerId: caller.userId,
      visibility: inputs.isPrivate ? 'private' : 'public',
      tier: caller.tier,
      ...deps.runner.placementOf(id, caller.tier),
      params: category === 'winevtx' ? { run_sigma_rules: input.runSigmaRules } : {},
      wrappedKey: inputs.isPrivate && clientKey ? wrapKey(newDataKey(), clientKey) : null,
      inputs: inputs.ids.map((fileId) => ({ fileId, fileName: inputs.byId.get(fileId)!.originalName })),
    },
    clientKey,
  );
  return { id, jobName, category };
}
