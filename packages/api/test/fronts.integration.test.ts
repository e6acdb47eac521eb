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
    const res = await trpc(f.deps, 'listJobs');
    const body = await res.text();
    expect(res.status).toBe(401);
    expect(JSON.parse(body).error.message).toBe('Unauthorized');
    expectNoInternals(body);
  });

  test('a malformed token is refused like a bad one, from inside the procedure', async () => {
    const res = await trpc(f.deps, 'listFiles', { 'x-service-api-token': 'not-a-uuid' });
    expect(res.status).toBe(401);
    expectNoInternals(await res.text());
  });

  test('an unexpected error is logged under an id; the caller gets only the id', async () => {
    const res = await trpc(broken, 'listJobs', { 'x-service-api-token': (await f.newCaller()).token });
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
    const res = await graphql(f.deps, '{ jobs { totalCount } }');
    const json = (await res.json()) as { errors: { message: string; extensions: { code: string } }[] };
    expect(json.errors[0]).toMatchObject({ message: 'Unauthorized', extensions: { code: 'UNAUTHORIZED' } });
  });

  test('an unexpected error is logged under an id; the caller gets only the id', async () => {
    const res = await graphql(broken, '{ jobs { totalCount } }', { 'x-service-api-token': (await f.newCaller()).token });
    const body = await res.text();
    const message: string = JSON.parse(body).errors[0].message;
    const id = message.match(ERROR_ID)?.[1];
    expect(id).toBeDefined();
    expectNoInternals(body);
    expect(f.logText()).toContain(id!);
  });
});

describe('the same services through tRPC and GraphQL', () => {
  const b64 = (s: string) => Buffer.from(s).toString('base64');
  const trpcCall = async (deps: ServiceDeps, path: string, input: unknown, method: 'GET' | 'POST' = 'GET') => {
    const url = method === 'GET' ? `http://localhost/api/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}` : `http://localhost/api/trpc/${path}`;
    const res = await trpcHandler(deps)(
      new Request(url, method === 'POST' ? { method, body: JSON.stringify(input), headers: { 'content-type': 'application/json' } } : {}),
    );
    return { status: res.status, json: (await res.json()) as any };
  };

  test('lookup: tRPC and GraphQL answer what REST answers', async () => {
    const t = await trpcCall(f.deps, 'lookup', { module: 'file_name', search: 'MD.EX' });
    expect(t.status).toBe(200);
    expect(t.json.result.data.rows.map((r: string[]) => r[0]!.toLowerCase())).toContain('cmd.exe');
    const g = (await (await graphql(f.deps, '{ lookup(input: {module: EVENT_ID, search: "4624"}) { columns totalCount } }')).json()) as any;
    expect(g.data.lookup.columns[0]).toBe('Event ID');
    expect(g.data.lookup.totalCount).toBeGreaterThan(0);
    const bad = await trpcCall(f.deps, 'lookup', { module: 'nope', search: '' });
    expect([bad.status, bad.json.error.message]).toEqual([400, 'Unknown lookup module']);
  });

  test('inline YARA scan with a custom rule through tRPC, and data that is not base64 through GraphQL', async () => {
    const rule = b64('rule quarry_marker { strings: $a = "QUARRY-MARKER" condition: $a }');
    const t = await trpcCall(f.deps, 'scanData', { engine: 'yara', testData: b64('xx QUARRY-MARKER yy'), operation: 'run_rule', rule }, 'POST');
    expect(t.status).toBe(200);
    expect(JSON.stringify(t.json.result.data)).toContain('quarry_marker');
    const g = (await (await graphql(f.deps, 'mutation { scanData(input: {engine: YARA, testData: "not base64!"}) { __typename } }')).json()) as any;
    expect(g.errors[0]).toMatchObject({ message: 'Invalid test data format', extensions: { code: 'BAD_REQUEST' } });
  });

  test('search through tRPC and GraphQL: a malformed job id is refused as a bad request', async () => {
    const t = await trpcCall(f.deps, 'searchEvtx', { jobId: 'x', search: '', browseEvents: true });
    expect([t.status, t.json.error.message]).toEqual([400, 'Job not found']);
    const g = (await (await graphql(f.deps, '{ searchRecords(input: {jobId: "x"}) { totalCount } }')).json()) as any;
    expect(g.errors[0]).toMatchObject({ extensions: { code: 'BAD_REQUEST' } });
  });
});
