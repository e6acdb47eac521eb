import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { hashToken, users } from '@quarry/db';
import { resolveCaller } from '../src/index.js';
import { serviceFixture, type Fixture } from './support/fixture.js';

let f: Fixture;
beforeAll(async () => {
  f = await serviceFixture();
});
afterAll(async () => f?.close());

test('resolving a token records its last use, at most once a minute', async () => {
  const { token } = await f.newCaller();
  const first = (await users.getByTokenHash(f.db, hashToken(token)))!.tokenLastUsedAt;
  expect(first).toBeInstanceOf(Date);
  await resolveCaller(f.deps, token, { required: true });
  expect((await users.getByTokenHash(f.db, hashToken(token)))!.tokenLastUsedAt).toEqual(first);
});

test('absent, malformed and unknown tokens', async () => {
  expect(await resolveCaller(f.deps, undefined, { required: false })).toEqual({ userId: null, tier: 'anonymous' });
  await expect(resolveCaller(f.deps, '', { required: true })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  await expect(resolveCaller(f.deps, 'abc', { required: false })).rejects.toMatchObject({ code: 'INVALID_TOKEN_FORMAT' });
  await expect(resolveCaller(f.deps, randomUUID(), { required: false })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
});
