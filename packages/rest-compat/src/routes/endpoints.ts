import type { Context, Hono } from 'hono';
import { admit, execute, parseInput, validate } from '@quarry/api';
import { clientAddressOf } from '../client-address.js';
import { CONTRACT } from '../contract.js';
import type { Endpoint } from '../endpoints/endpoint.js';
import { ENDPOINTS } from '../endpoints/table.js';
import { jsonBody, keyOf, tokenOf } from '../request.js';
import { respondError } from '../respond.js';
import type { RestDeps } from '../rest-deps.js';

/**
 * Answers one endpoint in the contract's order: the caller and key (the operation's admission),
 * then the body (JSON object, the spec's body schema), then the operation's input and service;
 * the output is the spec's body (or the presenter's own response: a streamed download), any error
 * the endpoint's error body.
 */
async function answer(c: Context, deps: RestDeps, e: Endpoint): Promise<Response> {
  try {
    const ctx = await admit(e.operation, { deps, token: tokenOf(c), key: keyOf(c), clientAddress: clientAddressOf(c) });
    let body: unknown;
    if (CONTRACT[e.name].method === 'POST') {
      const raw = await (e.unreadableBody ? jsonBody(c).catch(() => e.unreadableBody!.as) : jsonBody(c));
      body = e.body ? validate(e.body, raw) : raw;
    }
    const output = await execute(e.operation, ctx, parseInput(e.operation, e.input(body, c.req.param(), c.req.query())));
    const presented = e.present(output);
    return presented instanceof Response ? presented : c.json(presented as object);
  } catch (err) {
    return respondError(c, e.name, err, deps.log);
  }
}

/** Every endpoint of the table on each of its paths. */
export function registerEndpoints(app: Hono, deps: RestDeps): void {
  for (const e of ENDPOINTS) {
    for (const path of CONTRACT[e.name].paths) app.on(CONTRACT[e.name].method, path, (c) => answer(c, deps, e));
  }
}
