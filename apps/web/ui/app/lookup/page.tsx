import { Stack, Text, Title } from '@mantine/core';
import { LookupPanel } from '../../components/LookupPanel';

export default function LookupPage() {
  return (
    <Stack>
      <Title order={2}>Lookups</Title>
      <Text c="dimmed">Reference data on Windows executables and DLLs, and on event ids. No sign-in needed.</Text>
      <LookupPanel />
    </Stack>
  );
}
