import type { Hono } from 'hono';
import { lookupReference, resolveCaller } from '@quarry/api';
import type { RestDeps } from '../rest-deps.js';
import { CONTRACT } from '../contract.js';
import { lookupBody } from '../presenters/lookup.js';
import { jsonBody, tokenOf } from '../request.js';
import { respondError } from '../respond.js';

export function registerLookup(app: Hono, deps: RestDeps): void {
  app.post(CONTRACT.lookup.paths[0], async (c) => {
    try {
      const caller = await resolveCaller(deps, tokenOf(c), { required: false });
      // A body that is not a JSON object is a parameter problem like any other here: 422.
      const body = await jsonBody(c).catch(() => null);
      return c.json(lookupBody(await lookupReference(deps, caller, body)));
    } catch (err) {
      return respondError(c, 'lookup', err, deps.log);
    }
  });
}
