'use client';

import { Alert, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { isKeyFormat, isTokenFormat, setSession } from '../lib/session-store';
import { errorMessage, trpc } from '../lib/trpc';

/** Checks the token against the server (a file listing) before keeping it for the session. */
export function SignInForm() {
  const router = useRouter();
  const queries = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useForm({
    initialValues: { token: '', key: '' },
    validate: {
      token: (v) => (isTokenFormat(v) ? null : 'A token is a UUID (xxxxxxxx-xxxx-4xxx-xxxx-xxxxxxxxxxxx)'),
      key: (v) => (v === '' || isKeyFormat(v) ? null : 'A key is 32 bytes in base64 (44 characters)'),
    },
  });

  async function submit(values: { token: string; key: string }) {
    setBusy(true);
    setError(null);
    setSession({ token: values.token.trim(), key: values.key.trim() });
    try {
      await trpc.listFiles.query();
      queries.clear();
      router.push('/evidence');
    } catch (err) {
      setSession({ token: null, key: null });
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={form.onSubmit((v) => void submit(v))}>
      <Stack gap="sm">
        <TextInput
          label="API token"
          placeholder="xxxxxxxx-xxxx-4xxx-xxxx-xxxxxxxxxxxx"
          autoComplete="off"
          spellCheck={false}
          {...form.getInputProps('token')}
        />
        <PasswordInput
          label="Encryption key (optional)"
          description="Needed to upload private evidence and read private jobs"
          autoComplete="off"
          {...form.getInputProps('key')}
        />
        {error && (
          <Alert color="red" title="Could not sign in" role="alert">
            {error}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={busy}>
            Sign in
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
