/**
 * The analyst's credentials for this browser session. The token is kept in sessionStorage (gone
 * when the tab closes) so a reload does not sign out; the encryption key lives in this module's
 * memory only and is never written anywhere. Both travel only as request headers to this origin.
 */
export interface Session {
  token: string | null;
  key: string | null;
}

const TOKEN_ITEM = 'quarry.token';
let current: Session = { token: null, key: null };
let loaded = false;
const listeners = new Set<() => void>();

function load(): void {
  if (loaded || typeof window === 'undefined') return;
  loaded = true;
  current = { token: window.sessionStorage.getItem(TOKEN_ITEM), key: null };
}

export function getSession(): Session {
  load();
  return current;
}

const SERVER_SNAPSHOT: Session = { token: null, key: null };
export const getServerSession = (): Session => SERVER_SNAPSHOT;

export function setSession(next: Session): void {
  load();
  current = { token: next.token || null, key: next.key || null };
  if (current.token) window.sessionStorage.setItem(TOKEN_ITEM, current.token);
  else window.sessionStorage.removeItem(TOKEN_ITEM);
  for (const l of listeners) l();
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The API headers for the current session (none when signed out). */
export function sessionHeaders(): Record<string, string> {
  const { token, key } = getSession();
  return { ...(token ? { 'X-Service-Api-Token': token } : {}), ...(key ? { 'X-Service-Api-Enc-Key': key } : {}) };
}

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
export const isTokenFormat = (token: string): boolean => UUID_V4.test(token.trim());
/** The key format the server takes: 32 bytes, base64 (checked again by the server). */
export const isKeyFormat = (key: string): boolean => /^[A-Za-z0-9+/]{43}=$/.test(key.trim());
