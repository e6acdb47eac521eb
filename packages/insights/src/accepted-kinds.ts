import type { ParseCategory } from '@quarry/vocabulary';
import type { FileKind } from './file-kind.js';

/** Which detected kinds each parse category accepts (zip: the spec accepts archives of hives). */
export const ACCEPTED_KINDS: Record<ParseCategory, readonly FileKind[]> = {
  winevtx: ['evtx'],
  registry: ['registry-hive', 'registry-log', 'zip'],
  prefetch: ['prefetch', 'prefetch-compressed'],
};

export const EXPECTED_LABEL: Record<ParseCategory, string> = {
  winevtx: 'an EVTX event log',
  registry: 'a registry hive (or a zip of hives)',
  prefetch: 'a prefetch file',
};
