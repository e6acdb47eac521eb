import { randomUUID } from 'node:crypto';
import { newDataKey, unwrapKey, wrapKey } from '@quarry/crypto';
import { files as fileRepo, jobs } from '@quarry/db';
import type { ParseCategory } from '@quarry/vocabulary';
import type { Caller } from '../auth/caller.js';
import { isUuid } from '../auth/formats.js';
import type { ServiceDeps } from '../deps.js';
import { AppError } from '../errors/app-error.js';
import { MAX_IDS_PER_REQUEST, PARSE_LIMITS } from '../limits.js';
import type { CreateParseJobInput } from './create-parse-job.schema.js';
import { newJobName } from './job-name.js';

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

  const wanted = ids.map((id) => id.toLowerCase());
  const files = await fileRepo.getMany(deps.db, wanted);
  const byId = new Map(files.map((f) => [f.id, f]));
  let total = 0;
  for (const id of wanted) {
    const file = byId.get(id);
    if (!file || (file.visibility === 'private' && file.ownerId !== caller.userId)) {
      throw new AppError('BAD_REQUEST', 'Failed to download file');
    }
    total += Number(file.size);
  }
  if (total > limits.maxTotalBytes) throw new AppError('BAD_REQUEST', LIMIT_MESSAGES[category].size);

  const encrypted = files.filter((f) => f.encrypted);
  if (encrypted.length > 0) {
    if (!clientKey) throw new AppError('KEY_REQUIRED', 'Encryption key is required');
    for (const f of encrypted) {
      try {
        unwrapKey(f.wrappedKey!, clientKey);
      } catch {
        // The key does not open the file: for this caller the file cannot be read.
        throw new AppError('BAD_REQUEST', 'Failed to download file');
      }
    }
  }

  const isPrivate = encrypted.length > 0;
  const id = randomUUID();
  const jobName = newJobName();
  const placement = deps.runner.placementOf(id, caller.tier);
  await jobs.create(deps.db, {
    id,
    jobName,
    category,
    ownerId: caller.userId,
    visibility: isPrivate ? 'private' : 'public',
    tier: caller.tier,
    ...placement,
    params: category === 'winevtx' ? { run_sigma_rules: input.runSigmaRules } : {},
    wrappedKey: isPrivate && clientKey ? wrapKey(newDataKey(), clientKey) : null,
    inputs: wanted.map((fileId) => ({ fileId, fileName: byId.get(fileId)!.originalName })),
  });

  try {
    await deps.runner.start({ jobId: id, category, tier: caller.tier, clientKey: isPrivate ? clientKey : null });
  } catch (err) {
    await jobs.delete(deps.db, id);
    throw err;
  }
  return { id, jobName, category };
}
