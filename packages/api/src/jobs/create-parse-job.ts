import { randomUUID } from 'node:crypto';
import { newDataKey, wrapKey } from '@quarry/crypto';
import { evidenceTypes, type ParseCategory } from '@quarry/vocabulary';
import type { Caller } from '../auth/caller.js';
import { isUuid } from '../auth/formats.js';
import type { ServiceDeps } from '../deps.js';
import { AppError } from '../errors/app-error.js';
import { MAX_IDS_PER_REQUEST } from '../limits.js';
import type { CreateParseJobInput } from './create-parse-job.schema.js';
import { newJobName } from './job-name.js';
import { readableInputs, recordAndStart } from './job-inputs.js';

export interface CreatedJob {
  id: string;
  jobName: string;
  category: ParseCategory;
}

/**
 * Validates a parse request exactly as the contract orders it (ids, counts, sizes, access),
 * records the job and starts it on the caller's tier.
 */
export async function createParseJob(deps: ServiceDeps, caller: Caller, clientKey: Buffer | null, input: CreateParseJobInput): Promise<CreatedJob> {
  const { category } = input;
  const descriptor = evidenceTypes[category];
  const { limits } = descriptor;
  const ids = input.fileIds;
  if (ids.length === 0) throw new AppError('BAD_REQUEST', 'No file IDs provided');
  if (ids.length > MAX_IDS_PER_REQUEST) throw new AppError('BAD_REQUEST', 'Too many file IDs provided');
  if (ids.length > limits.maxFiles) throw new AppError('BAD_REQUEST', limits.tooManyFilesMessage);
  if (!ids.every(isUuid)) throw new AppError('BAD_REQUEST', 'Failed to download file');

  const inputs = await readableInputs(deps, caller, clientKey, ids, {
    maxTotalBytes: limits.maxTotalBytes ?? Number.POSITIVE_INFINITY,
    message: limits.tooLargeMessage ?? '',
  });

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
      // Stored as REST spells them (the worker reads `run_sigma_rules`).
      params: Object.fromEntries(descriptor.parseOptions.map((o) => [o.restName, input.options[o.name] === true])),
      wrappedKey: inputs.isPrivate && clientKey ? wrapKey(newDataKey(), clientKey) : null,
      inputs: inputs.ids.map((fileId) => ({ fileId, fileName: inputs.byId.get(fileId)!.originalName })),
    },
    clientKey,
  );
  return { id, jobName, category };
}
