import { Stack, Title } from '@mantine/core';
import { WebhooksPanel } from '../../components/webhooks/WebhooksPanel';

export default function WebhooksPage() {
  return (
    <Stack>
      <Title order={2}>Webhooks</Title>
      <WebhooksPanel />
    </Stack>
  );
}
