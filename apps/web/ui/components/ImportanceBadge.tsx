import { Badge } from '@mantine/core';
import { IMPORTANCE_COLOR, asImportance } from '../lib/importance';

/** The one way importance is shown: the same colour in badges, timeline and graph legend. */
export function ImportanceBadge({ value }: { value: string }) {
  const level = asImportance(value);
  if (!level) return <>{value}</>;
  return (
    <Badge size="sm" variant="filled" color={IMPORTANCE_COLOR[level]} autoContrast>
      {value}
    </Badge>
  );
}
