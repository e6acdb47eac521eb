import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { ImportanceCount } from '../../lib/findings';
import { IMPORTANCE_COLOR } from '../../lib/importance';

/** Counts by importance over every result type that ranks its rows: the first thing on a job page. */
export function ImportanceSummary({ counts, ranked }: { counts: ImportanceCount[]; ranked: number }) {
  if (ranked === 0) return <Text c="dimmed">No result type of this job ranks its rows by importance.</Text>;
  return (
    <div aria-label="Rows by importance" role="group">
      <SimpleGrid cols={counts.length} spacing="sm">
        {counts.map((c) => (
          <Paper
            key={c.level}
            withBorder
            p="sm"
            radius="md"
            style={{ borderLeft: `6px solid ${IMPORTANCE_COLOR[c.level]}`, minWidth: 0 }}
            data-level={c.level}
            aria-label={`${c.level}: ${c.rows} rows`}
          >
            <Text size="sm" fw={600}>
              {c.level}
            </Text>
            <Text size="xl" fw={700} lh={1.2} data-testid={`count-${c.level}`}>
              {c.rows.toLocaleString('en-US')}
            </Text>
            <Text size="xs" c="dimmed">
              {c.rows === 0 ? 'none' : `in ${c.resultTypes} result type${c.resultTypes === 1 ? '' : 's'}`}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      <Text size="xs" c="dimmed" mt={6}>
        Rows counted over the {ranked} result type{ranked === 1 ? '' : 's'} that rank their rows (an Importance or Level column, or timeline entries); one event
        can count in several of them (an EVTX process in Process Analysis, its command lines and the Key Event Timeline).
      </Text>
    </div>
  );
}
