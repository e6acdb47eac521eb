import type { z } from 'zod';
import type { AnyOperation, OutputOf } from '@quarry/api';
import type { EndpointName } from '../contract.js';

/** The multipart upload streams its files (routes/upload.ts); every other endpoint is in the table. */
export type TableEndpointName = Exclude<EndpointName, 'upload'>;

/**
 * One REST endpoint, derived from one operation of @quarry/api's table. The shape is stable: the
 * OpenAPI document is generated from it.
 * - `name`: its CONTRACT entry (method, paths, error body format: contract.ts);
 * - `operation`: what it runs (access, key rule, input schema, service);
 * - `body`: the spec's request body (snake_case names, the contract's messages), checked before
 *   the operation's own validation; absent on a POST: the body is the operation's input as it is
 *   (same names, the operation's schema and messages); absent on a GET: no body;
 * - `unreadableBody`: what a body that is not a JSON object counts as (`{ as: {} }` and the
 *   body's own validation answers); absent: 400 `Request body must be a JSON object`;
 * - `input`: the operation's camelCase input from the checked body, the path's parameters and the
 *   query string's;
 * - `present`: the spec's response body for the operation's output (200), or a Response of its own
 *   (a streamed download: operations whose result is `stream`).
 * Errors are AppErrors of the admission, validation and service, answered in CONTRACT's format
 * with respond.ts's status table.
 */
export interface Endpoint<Op extends AnyOperation = AnyOperation> {
  name: TableEndpointName;
  operation: Op;
  body?: z.ZodType;
  unreadableBody?: { as: unknown };
  input: (body: unknown, params: Record<string, string>, query: Record<string, string>) => unknown;
  present: (output: OutputOf<Op>) => unknown;
}

/** Declares an endpoint with `present` typed by its operation's output. */
export const endpoint = <Op extends AnyOperation>(e: Endpoint<Op>): Endpoint => e as Endpoint;
