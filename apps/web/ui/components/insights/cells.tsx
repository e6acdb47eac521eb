import type { ReactNode } from 'react';
import { isImportanceColumn, isRecordColumn } from '../../lib/result-types';
import { ImportanceBadge } from '../ImportanceBadge';
import { LookupLink } from '../LookupLink';
import { RecordLinks } from '../RecordLinks';

/** Rows a result type's table shows before "Show all": long tables would bury the sections below. */
export const COLLAPSE_AFTER = 10;

/** Cell rendering shared by Table and IndexTable: importance as badges, record ids and lookups as links. */
export function insightCell() {
  return (column: string, value: string): ReactNode => {
    if (isImportanceColumn(column)) return <ImportanceBadge value={value} />;
    if (isRecordColumn(column)) return <RecordLinks value={value} />;
    if (column.toLowerCase() === 'lookup') return <LookupLink value={value} />;
    return value;
  };
}
