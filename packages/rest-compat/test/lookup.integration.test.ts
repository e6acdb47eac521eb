import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { post, type Reply } from './support/api.js';
import { startHarness, type Harness } from './support/harness.js';
import { createUser } from './support/users.js';

const expectText = (r: Reply, status: number, body: string) => {
  expect([r.status, r.text]).toEqual([status, body]);
  expect(r.contentType.startsWith('text/plain')).toBe(true);
};

describe('POST /analysis/lookup', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => h?.stop());

  test("file_name: partial, case-insensitive search finds cmd.exe, with the contract's columns", async () => {
    const r = await post(h.url, '/analysis/lookup', { module: 'file_name', search: 'MD.EX' });
    expect(r.status).toBe(200);
    expect(Object.keys(r.json).sort()).toEqual(['columns', 'rows']);
    expect(r.json.columns).toEqual(['File Name', 'File Path', 'Description', 'Product Name', 'Company Name', 'Runtime Window Title']);
    expect(r.json.rows.map((row: string[]) => row[0]!.toLowerCase())).toContain('cmd.exe');
    expect(r.json.rows.length).toBeLessThanOrEqual(10);
  });

  test('event_id: 4624 with its Security provider and field names; token optional, and a user token works too', async () => {
    const { token } = await createUser(h.db);
    for (const creds of [{}, { token }]) {
      const r = await post(
        h.url,
        '/analysis/lookup',
        { module: 'event_id', search: '4624', filter: [{ field: 'Provider', operator: 'contains', value: 'Security-Auditing' }] },
        creds,
      );
      expect(r.status).toBe(200);
      const row = r.json.rows.find((x: string[]) => x[0] === '4624');
      expect(row).toBeDefined();
      expect(row[3]).toBe('Microsoft-Windows-Security-Auditing');
      expect(row[5].split('|')).toEqual(expect.arrayContaining(['TargetUserName', 'LogonType']));
    }
  });

  test('paging: page 2 of show 1 is the second row of show 2', async () => {
    const two = await post(h.url, '/analysis/lookup', { module: 'file_name', search: 'exe', show: 2 });
    const second = await post(h.url, '/analysis/lookup', { module: 'file_name', search: 'exe', show: 1, page: 2 });
    expect(second.json.rows).toEqual([two.json.rows[1]]);
  });

  test('errors in plain text: unknown module 400, validation 422, bad token 401', async () => {
    expectText(await post(h.url, '/analysis/lookup', { module: 'registry_key', search: '' }), 400, 'Unknown lookup module');
    expectText(await post(h.url, '/analysis/lookup', { module: 'file_name' }), 422, 'Validation failed');
    expectText(await post(h.url, '/analysis/lookup', { module: 'file_name', search: 'x', page: 11 }), 422, 'Validation failed');
    expectText(await post(h.url, '/analysis/lookup', { module: 'file_name', search: 'x', show: 0 }), 422, 'Validation failed');
    expectText(
      await post(h.url, '/analysis/lookup', { module: 'event_id', search: '', filter: [{ field: 'Nope', operator: 'equals', value: '' }] }),
      422,
      'Validation failed',
    );
    expectText(
      await post(h.url, '/analysis/lookup', { module: 'file_name', search: 'x', filter: [{ field: 'File Name', operator: 'like', value: '' }] }),
      422,
      'Validation failed',
    );
    expectText(await post(h.url, '/analysis/lookup', 'not json'), 422, 'Validation failed');
    expectText(await post(h.url, '/analysis/lookup', { module: 'file_name', search: 'x' }, { token: randomUUID() }), 401, 'Unauthorized');
    expectText(await post(h.url, '/analysis/lookup', { module: 'file_name', search: 'x' }, { token: 'nope' }), 401, 'Unauthorized');
  });
});
