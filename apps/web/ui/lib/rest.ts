import { sessionHeaders } from './session-store';

/** An error from a REST endpoint, with the body's message (JSON `{error}` or plain text). */
export class RestError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * POSTs JSON to one of the contract's REST endpoints, for the services that have no tRPC
 * procedure yet (search, scans, rules, inline scans). Same session headers as tRPC.
 */
export async function postRest<T>(path: string, body: unknown): Promise<T> {
  const res = await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json', ...sessionHeaders() }, body: JSON.stringify(body) });
  const text = await res.text();
  if (!res.ok) {
    let message = text;
    try {
      message = (JSON.parse(text) as { error?: string }).error ?? text;
    } catch {
      // plain-text error bodies are the message as they are
    }
    throw new RestError(res.status, message || `${res.status} ${res.statusText}`);
  }
  return JSON.parse(text) as T;
}
