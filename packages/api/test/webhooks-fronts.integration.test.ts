import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { graphqlHandler, trpcHandler } from '../src/index.js';
import { serviceFixture, type Fixture } from './support/fixture.js';

let f: Fixture;
beforeAll(async () => {
  f = await serviceFixture();
});
afterAll(async () => f?.close());

/** A literal public address: nothing is resolved, and these users have no jobs to announce. */
const URL_PUBLIC = 'https://93.184.215.14/quarry-fronts';

const graphql = async (query: string, variables: object, token?: string) => {
  const res = await graphqlHandler(f.deps)(
    new Request('http://localhost/graphql', {
      method: 'POST',
      body: JSON.stringify({ query, variables }),
      headers: { 'content-type': 'application/json', ...(token ? { 'x-service-api-token': token } : {}) },
    }),
  );
  return (await res.json()) as { data?: any; errors?: { message: string; extensions: { code: string } }[] };
};

const trpcPost = async (path: string, input: unknown, token: string) => {
  const res = await trpcHandler(f.deps)(
    new Request(`http://localhost/api/trpc/${path}`, {
      method: 'POST',
      body: JSON.stringify(input),
      headers: { 'content-type': 'application/json', 'x-service-api-token': token },
    }),
  );
  return { status: res.status, json: (await res.json()) as any };
};

describe('webhooks over GraphQL', () => {
  test('create (the secret once), list (never the secret, typed enums), delete by Relay id; another user sees none', async () => {
    const { token } = await f.newCaller();
    const created = await graphql(
      'mutation($input: CreateWebhookInput!) { createWebhook(input: $input) { secret webhook { id uuid url events lastDelivery { state } } } }',
      { input: { url: URL_PUBLIC, events: ['JOB_COMPLETED', 'JOB_FAILED'] } },
      token,
    );
    expect(created.errors).toBeUndefined();
    const { secret, webhook } = created.data.createWebhook;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(webhook).toMatchObject({ url: URL_PUBLIC, events: ['JOB_COMPLETED', 'JOB_FAILED'], lastDelivery: null });
    expect(Buffer.from(webhook.id, 'base64url').toString('utf8')).toBe(`Webhook:${webhook.uuid}`);

    const listed = await graphql('{ webhooks { id url events } }', {}, token);
    expect(listed.data.webhooks).toEqual([{ id: webhook.id, url: URL_PUBLIC, events: ['JOB_COMPLETED', 'JOB_FAILED'] }]);
    expect((await graphql('{ webhooks { id } }', {}, (await f.newCaller()).token)).data.webhooks).toEqual([]);

    const other = await graphql('mutation($id: ID!) { deleteWebhook(input: { id: $id }) { deletedId } }', { id: webhook.id }, (await f.newCaller()).token);
    expect(other.errors?.[0]).toMatchObject({ message: 'Webhook not found', extensions: { code: 'NOT_FOUND' } });
    const deleted = await graphql('mutation($id: ID!) { deleteWebhook(input: { id: $id }) { deletedId } }', { id: webhook.id }, token);
    expect(deleted.data.deleteWebhook).toEqual({ deletedId: webhook.id });
    expect((await graphql('{ webhooks { id } }', {}, token)).data.webhooks).toEqual([]);
  });

  test('anonymous callers and private targets are refused with codes', async () => {
    const anonymous = await graphql('{ webhooks { id } }', {});
    expect(anonymous.errors?.[0]).toMatchObject({ message: 'Unauthorized', extensions: { code: 'UNAUTHORIZED' } });
    const loopback = await graphql(
      'mutation($input: CreateWebhookInput!) { createWebhook(input: $input) { secret } }',
      { input: { url: 'http://127.0.0.1:9/hook', events: ['JOB_FAILED'] } },
      (await f.newCaller()).token,
    );
    expect(loopback.errors?.[0]).toMatchObject({
      message: 'Invalid webhook URL: the host 127.0.0.1 resolves to a loopback address (127.0.0.1), which webhooks may not reach',
      extensions: { code: 'BAD_REQUEST' },
    });
  });
});

describe('webhooks over tRPC', () => {
  test('createWebhook, listWebhooks and deleteWebhook take the camelCase operation inputs', async () => {
    const { token } = await f.newCaller();
    const created = await trpcPost('createWebhook', { url: URL_PUBLIC, events: ['job.failed'] }, token);
    expect(created.status).toBe(200);
    const hook = created.json.result.data;
    expect(hook).toMatchObject({ url: URL_PUBLIC, events: ['job.failed'], lastDelivery: null, secret: expect.stringMatching(/^whsec_/) });
    const list = await trpcHandler(f.deps)(new Request('http://localhost/api/trpc/listWebhooks', { headers: { 'x-service-api-token': token } }));
    const listed = ((await list.json()) as any).result.data;
    expect(listed).toHaveLength(1);
    expect(listed[0]).not.toHaveProperty('secret');
    expect((await trpcPost('deleteWebhook', { id: hook.id }, token)).status).toBe(200);
    expect((await trpcPost('deleteWebhook', { id: hook.id }, token)).status).toBe(404);
    const badEvents = await trpcPost('createWebhook', { url: URL_PUBLIC, events: ['job.started'] }, token);
    expect(badEvents.status).toBe(400);
    expect(badEvents.json.error.message).toBe('events must be a non-empty list of job.completed, job.failed');
  });
});
