import { renderEventMessage } from '@quarry/reference';

/** A summary longer than this is cut: the full values are in the row's Event Data anyway. */
const SUMMARY_CHARS = 512;

/**
 * The Message cell: the provider's message template filled from the event data when the store
 * knows one for (provider, id, version), else "Name: value; …" over the data fields.
 */
export function eventMessage(template: string | undefined, details: Record<string, string>, eventId: string, provider: string): string {
  if (template !== undefined) return renderEventMessage(template, (name) => details[name]);
  let out = '';
  for (const name in details) {
    const value = details[name];
    if (value === '') continue;
    out += `${out ? '; ' : ''}${name}: ${value}`;
    if (out.length > SUMMARY_CHARS) return `${out.slice(0, SUMMARY_CHARS)}…`;
  }
  return out || `Event ${eventId}${provider ? ` from ${provider}` : ''}`;
}
