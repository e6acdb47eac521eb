import { YaraError, retrieveRules as yaraRetrieve } from '@quarry/yara';
import type { ServiceDeps } from '../deps.js';
import { AppError } from '../errors/app-error.js';
import type { RetrieveRulesInput } from './retrieve-rules.schema.js';

/** Rule name → source lines; a name defined several times returns every definition. */
export type RuleLines = Record<string, string[]>;

const NOT_FOUND = 'One or more rules not found';

/**
 * The text of community rules by exact name (YARA: rule identifiers; Sigma: the rule's title, as
 * result tables show it, or its `name`). Any unknown name fails the whole request. Anyone may ask,
 * and it costs no quota: it only explains results the caller already has.
 */
export async function retrieveRules(deps: Pick<ServiceDeps, 'hunting'>, input: RetrieveRulesInput): Promise<RuleLines> {
  const names = input.ruleNames;
  if (input.engine === 'sigma') {
    const { found, missing } = await deps.hunting.sigma.ruleLines(names);
    if (missing.length > 0) throw new AppError('NOT_FOUND', NOT_FOUND);
    return found;
  }
  try {
    return yaraRetrieve([await deps.hunting.communityYara()], names);
  } catch (err) {
    if (err instanceof YaraError && err.code === 'invalid-input') throw new AppError('BAD_REQUEST', 'Invalid rule names provided');
    if (err instanceof YaraError && err.code === 'not-found') throw new AppError('NOT_FOUND', NOT_FOUND);
    throw err;
  }
}
