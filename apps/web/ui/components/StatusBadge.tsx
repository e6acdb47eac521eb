import { Badge, Loader } from '@mantine/core';

const COLOR: Record<string, string> = { Pending: 'gray', Processing: 'blue', Completed: 'teal', Failed: 'red' };

export function StatusBadge({ status }: { status: string }) {
  const running = status === 'Pending' || status === 'Processing';
  return (
    <Badge
      color={COLOR[status] ?? 'gray'}
      variant="light"
      leftSection={running ? <Loader size={10} color={COLOR[status]} /> : undefined}
      aria-label={`Status: ${status}`}
    >
      {status}
    </Badge>
  );
}
