import { Stack, Title } from '@mantine/core';
import { Suspense } from 'react';
import { SearchPanel } from '../../components/search/SearchPanel';

export default function SearchPage() {
  return (
    <Stack>
      <Title order={2}>Search</Title>
      {/* The form reads its starting values from the address (job, category, record). */}
      <Suspense>
        <SearchPanel />
      </Suspense>
    </Stack>
  );
}
