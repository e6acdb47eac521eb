import { CONTRACT, type EndpointName } from '../../src/contract.js';

export interface Answer {
  status: number;
  text: string;
  contentType: string;
}

export async function answerOf(res: Response): Promise<Answer> {
  return { status: res.status, text: await res.text(), contentType: res.headers.get('content-type') ?? '' };
}

/** Traces of internals that must never reach a client: stack frames, server paths, driver names. */
const LEAKS = [/\bat .+:\d+:\d+/, /\/work\//, /node_modules/, /prisma/i, /ECONNREFUSED/, /\bSELECT\b/];

/**
 * What "handled" means for a hostile request: any status below 500 (a documented 4xx or a 200),
 * an error body in the endpoint's own format, and nothing internal in it. Returns a reason when
 * the answer breaks that, so a sweep can report every offender at once.
 */
export function problemWith(endpoint: EndpointName, a: Answer): string | undefined {
  if (a.status >= 500) return `status ${a.status}: ${a.text.slice(0, 200)}`;
  if (LEAKS.some((re) => re.test(a.text))) return `leaks internals: ${a.text.slice(0, 200)}`;
  if (a.status < 400) return undefined;
  if (CONTRACT[endpoint].errors === 'json') {
    if (!a.contentType.includes('application/json')) return `error body is not JSON (${a.contentType})`;
    try {
      const body = JSON.parse(a.text) as { error?: unknown };
      if (typeof body.error !== 'string' || body.error === '') return `JSON error body without an error: ${a.text.slice(0, 200)}`;
    } catch {
      return `error body is not JSON: ${a.text.slice(0, 200)}`;
    }
  } else if (!a.contentType.includes('text/plain') || a.text === '') {
    return `error body is not plain text (${a.contentType}): ${a.text.slice(0, 200)}`;
  }
  return undefined;
}

/** The endpoint's concrete path (route parameters filled with `id`). */
export const pathOf = (endpoint: EndpointName, id = '00000000-0000-4000-8000-000000000000'): string => CONTRACT[endpoint].paths[0].replace(':job_id', id);
