import type { Hono } from 'hono';
import { readClientKey, resolveCaller, searchInput, searchRecords, searchRecordsSchema, validate } from '@quarry/api';
import type { ParseCategory } from '@quarry/vocabulary';
import type { RestDeps } from '../rest-deps.js';
import { CONTRACT, type EndpointName } from '../contract.js';
import { searchBody } from '../presenters/search.js';
import { jsonBody, keyOf, tokenOf } from '../request.js';
import { respondError } from '../respond.js';

const SEARCH_ENDPOINTS: [EndpointName, ParseCategory][] = [
  ['searchEvtx', 'winevtx'],
  ['searchPrefetch', 'prefetch'],
  ['searchRegistry', 'registry'],
];

export function registerSearch(app: Hono, deps: RestDeps): void {
  for (const [endpoint, category] of SEARCH_ENDPOINTS) {
    app.post(CONTRACT[endpoint].paths[0], async (c) => {
      try {
        // The spec lists 401 for search: unlike parse, a bad token is refused even for a public job.
        const caller = await resolveCaller(deps, tokenOf(c), { required: false });
        const clientKey = readClientKey(keyOf(c));
        const input = searchInput(validate(searchRecordsSchema, await jsonBody(c)));
        return c.json(searchBody(await searchRecords(deps, caller, clientKey, category, input)));
      } catch (err) {
        return respondError(c, endpoint, err, deps.log);
      }
    });
  }
}
