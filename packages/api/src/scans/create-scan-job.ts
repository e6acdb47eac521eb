import { randomUUID } from 'node:crypto';
import { newDataKey, sealBuffer, wrapKey } from '@quarry/crypto';
import { compileCustomSigmaRule } from '@quarry/hunting';
import type { ScanCategory } from '@quarry/vocabulary';
import type { Caller } from '../auth/caller.js';
import { isUuid } from '../auth/formats.js';
import type { ServiceDeps } from '../deps.js';
import { AppError } from '../errors/app-error.js';
import { MAX_IDS_PER_REQUEST, SCAN_LIMITS } from '../limits.js';
import { newJobName } from '../jobs/job-name.js';
import { readableInputs, recordAndStart } from '../jobs/job-inputs.js';
import type { CreateScanJobInput } from './create-scan-job.schema.js';
import { decodeRuleText } from './scan-params.js';
import { checkYaraRule } from './yara-rule-check.js';

const SIZE_MESSAGES: Record<ScanCategory, string> = {
  Yara: 'Max File analysis size limit exceeded (250MB)',
  sigma: 'Max Sigma File analysis size limit exceeded (1GB)',
};

export interface CreatedScanJob {
  id: string;
  jobName: string;
  category: ScanCategory;
}

/**
 * Validates a file-scan request in the contract's order (ids, counts, sizes, access, key), takes
 * one unit of quota (YARA), checks the caller's rule by compiling it (an invalid rule never becomes
 * a job: 400 with the compiler's reason), records the job and starts it on the caller's tier.
 * A private job's rule text is sealed under the job key: it is the caller's, like the evidence.
 */
export async function createScanJob(
  deps: ServiceDeps,
  caller: Caller,
  clientKey: Buffer | null,
  input: CreateScanJobInput,
  clientAddress?: string,
): Promise<CreatedScanJob> {
  const { category } = input;
  const limits = SCAN_LIMITS[category];
  const ids = input.fileIds;
  if (ids.length === 0) throw new AppError('BAD_REQUEST', 'No file IDs provided');
  if (ids.length > MAX_IDS_PER_REQUEST || ids.length > limits.maxFiles) throw new AppError('BAD_REQUEST', 'Too many file IDs provided');
  if (!ids.every(isUuid)) throw new AppError('BAD_REQUEST', 'Failed to download file');
  let ruleText: string | undefined;
  if (input.operation === 'run_rule') {
    if (typeof input.rule !== 'string' || input.rule === '') throw new AppError('BAD_REQUEST', 'Rule is required');
    const decoded = decodeRuleText(input.rule);
    if ('problem' in decoded)
      throw new AppError('BAD_REQUEST', `${category === 'Yara' ? 'Invalid Yara rule' : 'Invalid Sigma rule format'}: ${decoded.problem}`);
    ruleText = decoded.text;
  }

  const inputs = await readableInputs(deps, caller, clientKey, ids, { maxTotalBytes: limits.maxTotalBytes, message: SIZE_MESSAGES[category] });

  // Quota before the expensive part (compiling the rule); a request refused above costs nothing.
  if (category === 'Yara') await deps.quotas.consume('yaraFileScan', caller, clientAddress);
  if (ruleText !== undefined) {
    const problem = category === 'Yara' ? await checkYaraRule(deps, ruleText) : sigmaProblem(ruleText);
    if (problem) throw new AppError('BAD_REQUEST', problem);
  }

  const isPrivate = inputs.isPrivate;
  const id = randomUUID();
  const jobName = newJobName();
  const jobKey = isPrivate && clientKey ? newDataKey() : null;
  const params: Record<string, string> = { operation: input.operation };
  if (ruleText !== undefined) {
    if (jobKey) params['rule_sealed'] = sealBuffer(Buffer.from(ruleText, 'utf8'), jobKey, Buffer.from(id)).toString('base64');
    else params['rule'] = ruleText;
  }
  await recordAndStart(
    deps,
    {
      id,
      jobName,
      category,
      ownerId: caller.userId,
      visibility: isPrivate ? 'private' : 'public',
      tier: caller.tier,
      ...deps.runner.placementOf(id, caller.tier),
      params,
      wrappedKey: jobKey && clientKey ? wrapKey(jobKey, clientKey) : null,
      inputs: inputs.ids.map((fileId) => ({ fileId, fileName: inputs.byId.get(fileId)!.originalName })),
    },
    clientKey,
  );
  return { id, jobName, category };
}

function sigmaProblem(text: string): string | undefined {
  const compiled = compileCustomSigmaRule(text);
  return 'error' in compiled ? compiled.error : undefined;
}
