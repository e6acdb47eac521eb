import { inject } from 'vitest';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createDb } from '@quarry/db';
import { graphqlHandler, trpcHandler, type ServiceDeps } from '../src/index.js';
import { serviceFixture, type Fixture } from './support/fixture.js';

let f: Fixture;
/** Services whose database is gone: every call fails with an unexpected (non-AppError) error. */
let broken: ServiceDeps;
beforeAll(async () => {
  f = await serviceFixture();
  const unreachable = new URL(inject('stack').databaseUrl);
  unreachable.port = '1';
  broken = { ...f.deps, db: createDb(unreachable.toString()) };
});
afterAll(async () => f?.close());

const ERROR_ID = /quote the following ID: ([0-9a-f-]{36})$/;
/** Nothing of the server's insides in an answer: no stack, no source paths. */
const expectNoInternals = (body: string) => {
  expect(body).not.toMatch(/stack|node_modules|\/src\/|\.ts\b|at async/i);
};

const trpc = (deps: ServiceDeps, path: string, headers: Record<string, string> = {}) =>
  trpcHandler(deps)(new Request(`http://localhost/api/trpc/${path}`, { headers }));
const graphql = (deps: ServiceDeps, query: string, headers: Record<string, string> = {}) =>
  graphqlHandler(deps)(
    new Request('http://localhost/graphql', { method: 'POST', body: JSON.stringify({ query }), headers: { 'content-type': 'application/json', ...headers } }),
  );

describe('tRPC', () => {
  test('an unauthenticated call is a 401 with the service message, no stack and no server path', async () => {
    const res = await trpc(f.deps, 'jobs.list');
    const body = await res.text();
    expect(res.status).toBe(401);
    expect(JSON.parse(body).error.message).toBe('Unauthorized');
    expectNoInternals(body);
  });

  test('a malformed token is refused like a bad one, from inside the procedure', async () => {
    const res = await trpc(f.deps, 'files.list', { 'x-service-api-token': 'not-a-uuid' });
    expect(res.status).toBe(401);
    expectNoInternals(await res.text());
  });

  test('an unexpected error is logged under an id; the caller gets only the id', async () => {
    const res = await trpc(broken, 'jobs.list', { 'x-service-api-token': (await f.newCaller()).token });
    const body = await res.text();
    expect(res.status).toBe(500);
    const message: string = JSON.parse(body).error.message;
    const id = message.match(ERROR_ID)?.[1];
    expect(id).toBeDefined();
    expectNoInternals(body);
    expect(f.logText()).toContain(id!);
  });
});

describe('GraphQL', () => {
  test('service errors keep their message and code', async () => {
    const res = await graphql(f.deps, '{ jobs { id } }');
    const json = (await res.json()) as { errors: { message: string; extensions: { code: string } }[] };
    expect(json.errors[0]).toMatchObject({ message: 'Unauthorized', extensions: { code: 'UNAUTHORIZED' } });
  });

  test('an unexpected error is logged under an id; the caller gets only the id', async () => {
    const res = await graphql(broken, '{ jobs { id } }', { 'x-service-api-token': (await f.newCaller()).token });
    const body = await res.text();
    const message: string = JSON.parse(body).errors[0].message;
    const id = message.match(ERROR_ID)?.[1];
    expect(id).toBeDefined();
    expectNoInternals(body);
    expect(f.logText()).toContain(id!);
  });
});
