import type { Hono } from 'hono';
import { resolveCaller, retrieveRules, retrieveRulesSchema, validate, type RuleEngine } from '@quarry/api';
import type { RestDeps } from '../rest-deps.js';
import { CONTRACT, type EndpointName } from '../contract.js';
import { jsonBody, tokenOf } from '../request.js';
import { respondError } from '../respond.js';

const RULE_ENDPOINTS: [EndpointName, RuleEngine][] = [
  ['yaraRules', 'yara'],
  ['sigmaRules', 'sigma'],
];

/** POST /analysis/{yara,sigma}/rules: `{results: {name: [lines]}}`. The token is optional (a bad one is still 401); no quota. */
export function registerRules(app: Hono, deps: RestDeps): void {
  for (const [endpoint, engine] of RULE_ENDPOINTS) {
    app.post(CONTRACT[endpoint].paths[0], async (c) => {
      try {
        await resolveCaller(deps, tokenOf(c), { required: false });
        const body = await jsonBody(c).catch(() => ({}));
        return c.json({ results: await retrieveRules(deps, engine, validate(retrieveRulesSchema, body)) });
      } catch (err) {
        return respondError(c, endpoint, err, deps.log);
      }
    });
  }
}
