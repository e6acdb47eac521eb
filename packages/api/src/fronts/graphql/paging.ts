import { AppError } from '../../errors/app-error.js';
import { resolveArrayConnection, type DefaultConnectionArguments } from '@pothos/plugin-relay';

/** Most items one connection page holds (GitHub's limit too); a page is 20 unless asked. */
export const MAX_PAGE = 100;
const DEFAULT_PAGE = 20;

/** Connection fields cost their page size times their children (complexity plugin). */
export const connectionArgs = {
  complexity: (args: { first?: number | null; last?: number | null }) => ({ field: 1, multiplier: args.first ?? args.last ?? DEFAULT_PAGE }),
};

/**
 * A page of an in-memory list (the services list a caller's files and jobs whole), with the list's
 * size for `totalCount`. Cursors are offsets: an item added meanwhile shifts later pages by one.
 */
export function pageOf<T>(args: DefaultConnectionArguments, items: T[]) {
  for (const n of [args.first, args.last]) {
    if (n !== null && n !== undefined && (n < 0 || n > MAX_PAGE)) throw new AppError('BAD_REQUEST', `first and last must be from 0 to ${MAX_PAGE}`);
  }
  const page = resolveArrayConnection({ args, defaultSize: DEFAULT_PAGE, maxSize: MAX_PAGE }, items);
  return { ...page, totalCount: items.length };
}
