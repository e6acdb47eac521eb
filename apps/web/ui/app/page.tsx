import { Stack, Text, Title } from '@mantine/core';
import { SignInForm } from '../components/SignInForm';

export default function Home() {
  return (
    <Stack maw={560} gap="md">
      <Title order={2}>Sign in</Title>
      <Text c="dimmed">
        Paste your API token to work with your evidence and jobs. Add your encryption key for private work: it stays in this tab&apos;s memory and is sent only
        to this server. Public jobs open without signing in.
      </Text>
      <SignInForm />
    </Stack>
  );
}
