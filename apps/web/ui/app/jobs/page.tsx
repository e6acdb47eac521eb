import { Stack, Title } from '@mantine/core';
import { JobsTable } from '../../components/JobsTable';

export default function JobsPage() {
  return (
    <Stack>
      <Title order={2}>Jobs</Title>
      <JobsTable />
    </Stack>
  );
}
