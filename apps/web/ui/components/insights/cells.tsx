import type { ReactNode } from 'react';
import { ImportanceBadge } from '../ImportanceBadge';
import { LookupLink } from '../LookupLink';
import { RecordLinks } from '../RecordLinks';

const IMPORTANCE_COLUMNS = new Set(['importance', 'level', 'severity']);
const RECORD_COLUMNS = new Set(['record id', 'record ids', 'record_id', 'eventrecordid']);

/** Cell rendering shared by Table and IndexTable: importance as badges, record ids and lookups as links. */
export function insightCell() {
  return (column: string, value: string): ReactNode => {
    const c = column.toLowerCase();
    if (IMPORTANCE_COLUMNS.has(c)) return <ImportanceBadge value={value} />;
    if (RECORD_COLUMNS.has(c)) return <RecordLinks value={value} />;
    if (c === 'lookup') return <LookupLink value={value} />;
    return value;
  };
}

/** Tables open sorted by importance when they have such a column (the analyzers' order otherwise). */
export function importanceColumnIndex(columns: string[]): number {
  return columns.findIndex((c) => IMPORTANCE_COLUMNS.has(c.toLowerCase()));
}
