import type { ReactNode } from 'react';
import { isImportanceColumn, isRecordColumn } from '../../lib/result-types';
import { ImportanceBadge } from '../ImportanceBadge';
import { EvidenceLinks } from './EvidenceLinks';
import { LookupLink } from '../LookupLink';
import { RecordLinks } from '../RecordLinks';

/** Rows a result type's table shows before "Show all": long tables would bury the sections below. */
export const COLLAPSE_AFTER = 10;

/**
 * Cell rendering shared by Table and IndexTable: importance as badges, record ids, lookups and
 * evidence references (a host row's per-type rows) as links.
 */
export function insightCell() {
  return (column: string, value: string): ReactNode => {
    if (isImportanceColumn(column)) return <ImportanceBadge value={value} />;
    if (isRecordColumn(column)) return <RecordLinks value={value} />;
    if (column.toLowerCase() === 'lookup') return <LookupLink value={value} />;
    if (column.toLowerCase() === 'evidence') return <EvidenceLinks value={value} />;
    return value;
  };
}
