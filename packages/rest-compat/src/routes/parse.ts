import type { Hono } from 'hono';
import { createParseJob, createParseJobSchemas, parseJobInput, readClientKey, resolveCaller, validate } from '@quarry/api';
import type { ParseCategory } from '@quarry/vocabulary';
import type { RestDeps } from '../rest-deps.js';
import { CONTRACT, type EndpointName } from '../contract.js';
import { createdJobBody } from '../presenters/jobs.js';
import { jsonBody, keyOf, tokenOf } from '../request.js';
import { respondError } from '../respond.js';

const PARSE_ENDPOINTS: [EndpointName, ParseCategory][] = [
  ['parseEvtx', 'winevtx'],
  ['parseRegistry', 'registry'],
  ['parsePrefetch', 'prefetch'],
];

export function registerParse(app: Hono, deps: RestDeps): void {
  for (const [endpoint, category] of PARSE_ENDPOINTS) {
    app.post(CONTRACT[endpoint].paths[0], async (c) => {
      try {
        const caller = await resolveCaller(deps, tokenOf(c), { required: false });
        const clientKey = readClientKey(keyOf(c));
        const params = validate(createParseJobSchemas[category], await jsonBody(c));
        return c.json(createdJobBody(await createParseJob(deps, caller, clientKey, parseJobInput(category, params))));
      } catch (err) {
        return respondError(c, endpoint, err, deps.log);
      }
    });
  }
}
