import { Alert } from '@mantine/core';
import type { Insight } from '@quarry/insights';

type ErrorPayload = Extract<Insight, { Error: unknown }>['Error'];

/** An Error insight: said plainly, never hidden among the results. */
export function ErrorInsight({ insight }: { insight: ErrorPayload }) {
  return (
    <Alert color="red" variant="light" title="Error" role="alert">
      {insight.message}
    </Alert>
  );
}
