import { LookupError } from '@quarry/reference';
import type { Caller } from '../auth/caller.js';
import type { ServiceDeps } from '../deps.js';
import { AppError } from '../errors/app-error.js';

export interface LookupAnswer {
  columns: string[];
  rows: string[][];
  /** Rows matching before paging (the contract's body leaves it out). */
  total: number;
}

/**
 * Looks up reference data on Windows executables and event ids. Anyone may look up (the token is
 * optional; a bad one is refused before this runs). `params` is the request body as sent: the
 * module is checked first, as the contract gives an unknown one its own answer.
 */
export async function lookupReference(deps: ServiceDeps, _caller: Caller, params: unknown): Promise<LookupAnswer> {
  try {
    const result = await deps.lookups.lookup(params);
    return { columns: [...result.columns], rows: result.rows, total: result.total };
  } catch (err) {
    if (err instanceof LookupError && err.code === 'unknown-module') throw new AppError('BAD_REQUEST', 'Unknown lookup module');
    if (err instanceof LookupError && err.code === 'validation') throw new AppError('VALIDATION_FAILED', 'Validation failed');
    throw err;
  }
}
