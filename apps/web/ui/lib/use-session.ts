'use client';

import { useSyncExternalStore } from 'react';
import { getServerSession, getSession, subscribeSession, type Session } from './session-store';

/** The current session; components re-render when the analyst signs in or out. */
export function useSession(): Session {
  return useSyncExternalStore(subscribeSession, getSession, getServerSession);
}
