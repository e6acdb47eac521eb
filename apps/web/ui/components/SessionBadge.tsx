'use client';

import { Badge, Button, Group } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { setSession } from '../lib/session-store';
import { useSession } from '../lib/use-session';

/** Who the dashboard speaks as, and a way to forget the token and key. */
export function SessionBadge() {
  const { token, key } = useSession();
  const queries = useQueryClient();
  if (!token)
    return (
      <Badge variant="light" color="gray">
        Anonymous: public jobs only
      </Badge>
    );
  return (
    <Group gap="xs">
      <Badge variant="light" color="teal">
        Signed in
      </Badge>
      <Badge variant="light" color={key ? 'indigo' : 'gray'}>
        {key ? 'Key in memory' : 'No key'}
      </Badge>
      <Button
        size="compact-sm"
        variant="subtle"
        onClick={() => {
          setSession({ token: null, key: null });
          queries.clear();
        }}
      >
        Sign out
      </Button>
    </Group>
  );
}
