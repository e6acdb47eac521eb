import type { LookupAnswer } from '@quarry/api';

/** The contract's lookup body: columns and the page's rows. */
export const lookupBody = (a: LookupAnswer) => ({ columns: a.columns, rows: a.rows });
