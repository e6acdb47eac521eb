import type { Hono } from 'hono';
import { AppError, createParseJob, readClientKey, resolveCaller, type ParseCategory } from '@quarry/api';
import type { RestDeps } from '../rest-deps.js';
import { CONTRACT, type EndpointName } from '../contract.js';
import { jsonBody, keyOf, tokenOf } from '../request.js';
import { respondError } from '../respond.js';

const PARSE_ENDPOINTS: [EndpointName, ParseCategory][] = [
  ['parseEvtx', 'winevtx'],
  ['parseRegistry', 'registry'],
  ['parsePrefetch', 'prefetch'],
];

/** Options each category takes besides file_ids; all are validated before a job exists. */
function readParams(category: ParseCategory, body: Record<string, unknown>): Record<string, unknown> {
  if (category !== 'winevtx') return {};
  const run = body['run_sigma_rules'];
  if (typeof run !== 'boolean') throw new AppError('BAD_REQUEST', 'run_sigma_rules must be a boolean');
  return { run_sigma_rules: run };
}

export function registerParse(app: Hono, deps: RestDeps): void {
  for (const [endpoint, category] of PARSE_ENDPOINTS) {
    app.post(CONTRACT[endpoint].paths[0], async (c) => {
      try {
        const caller = await resolveCaller(deps, tokenOf(c), { required: false });
        const clientKey = readClientKey(keyOf(c));
        const body = await jsonBody(c);
        if (!Array.isArray(body['file_ids']) || body['file_ids'].length === 0) {
          throw new AppError('BAD_REQUEST', 'No file IDs provided');
        }
        const params = readParams(category, body);
        const job = await createParseJob(deps, { caller, clientKey, category, fileIds: body['file_ids'], params });
        return c.json(job);
      } catch (err) {
        return respondError(c, endpoint, err, deps.log);
      }
    });
  }
}
