'use client';

import { Alert, Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useState } from 'react';
import { getSession, isKeyFormat, setSession } from '../lib/session-store';

/** A private job needs the key: ask for it here instead of sending the analyst away. */
export function KeyPrompt({ message }: { message: string }) {
  const [key, setKey] = useState('');
  const valid = isKeyFormat(key);
  return (
    <Alert color="orange" title="This job is private" role="alert">
      <Stack gap="xs">
        {message}. Enter the encryption key it was made with; it is kept in this tab&apos;s memory only.
        <Group align="end">
          <PasswordInput
            label="Encryption key"
            value={key}
            onChange={(e) => setKey(e.currentTarget.value)}
            w={420}
            error={key && !valid ? '32 bytes, base64' : undefined}
          />
          <Button disabled={!valid} onClick={() => setSession({ ...getSession(), key: key.trim() })}>
            Open
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
