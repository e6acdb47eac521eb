'use client';

import { useEffect, useState } from 'react';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@quarry/api';
import { trpc } from './trpc';

type WatchOutput = inferRouterOutputs<AppRouter>['watchJob'];
/** One state of a job as the watchJob subscription sends it (dates as ISO strings). */
export type JobUpdate = WatchOutput extends AsyncIterable<infer U> ? U : WatchOutput;

/**
 * The job's live state while `enabled`: the watchJob subscription (Server-Sent Events) sends the
 * current state, then each change of status or progress, and ends when the job has finished;
 * `onFinished` runs then (to fetch the results). Re-subscribes when the session changes.
 */
export function useJobWatch(id: string, enabled: boolean, session: unknown, onFinished: () => void): JobUpdate | null {
  const [update, setUpdate] = useState<JobUpdate | null>(null);
  useEffect(() => {
    if (!enabled) return;
    const subscription = trpc.watchJob.subscribe(
      { id },
      {
        onData: (next) => {
          setUpdate(next);
          if (next.status === 'Completed' || next.status === 'Failed') onFinished();
        },
        // A refusal or a lost stream: the page's own query shows what is wrong and the state it has.
        onError: () => onFinished(),
      },
    );
    return () => subscription.unsubscribe();
    // Not on onFinished (the caller's, often new each render): the subscription is the job's and the session's.
  }, [id, enabled, session]);
  return update;
}
