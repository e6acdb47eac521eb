import { APP_ID_NAMES } from './app-id-names.js';

const BY_ID = new Map<string, string>(APP_ID_NAMES);

/** A Jump List AppID as the table keys it: 16 lower-case hex digits (file names may drop leading zeros or use upper case). */
export function normaliseAppId(appId: string): string | null {
  const id = appId.trim().toLowerCase();
  return /^[0-9a-f]{1,16}$/.test(id) ? id.padStart(16, '0') : null;
}

/** The application a Jump List AppID belongs to, or null when the shipped table does not know it. */
export function applicationFor(appId: string): string | null {
  const id = normaliseAppId(appId);
  return id === null ? null : (BY_ID.get(id) ?? null);
}

/** The application as a cell shows it: its name, or `Unknown (<appid>)`. */
export function applicationLabel(appId: string): string {
  return applicationFor(appId) ?? `Unknown (${appId})`;
}
