import { Group, Progress, Text } from '@mantine/core';
import { formatBytes } from '../../lib/format';
import type { JobUpdate } from '../../lib/use-job-watch';

/** How much of its input a running job has read, as the worker last reported it (about once a second). */
export function JobProgress({ progress }: { progress: NonNullable<JobUpdate['progress']> }) {
  const percent = progress.total === 0 ? 100 : Math.floor((progress.done / progress.total) * 100);
  return (
    <div>
      <Progress value={percent} aria-label="Input read" animated={percent < 100} />
      <Group justify="space-between" mt={4}>
        <Text size="xs" c="dimmed" data-testid="job-progress">
          {formatBytes(progress.done)} of {formatBytes(progress.total)} read
        </Text>
        <Text size="xs" c="dimmed">
          {percent}%
        </Text>
      </Group>
    </div>
  );
}
