import { randomBytes, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { files } from '@quarry/db';
import { deleteFiles, deleteFilesSchema, listFiles, uploadFile, validate } from '../src/index.js';
import { serviceFixture, type Fixture } from './support/fixture.js';

let f: Fixture;
beforeAll(async () => {
  f = await serviceFixture();
});
afterAll(async () => f?.close());

const bytes = (n: number) => Readable.from([randomBytes(n)]);

describe('file services', () => {
  test('upload: with a token and a key the file is private and encrypted; anonymous uploads are public', async () => {
    const { caller } = await f.newCaller();
    const key = randomBytes(32);
    const mine = await uploadFile(f.deps, { caller, clientKey: key, fileName: 'Security.evtx', content: bytes(1000) });
    const pub = await uploadFile(f.deps, { caller: f.anonymous, clientKey: null, fileName: 'x.pf', content: bytes(10) });
    expect(await files.get(f.db, mine.id)).toMatchObject({ visibility: 'private', encrypted: true, size: 1000n });
    expect(await files.get(f.db, pub.id)).toMatchObject({ visibility: 'public', encrypted: false, ownerId: null });
  });

  test("list: only the caller's own files, and only for a signed-in caller", async () => {
    const a = await f.newCaller();
    const b = await f.newCaller();
    const up = await uploadFile(f.deps, { caller: a.caller, clientKey: randomBytes(32), fileName: 'a.evtx', content: bytes(5) });
    expect((await listFiles(f.deps, a.caller)).map((x) => x.id)).toEqual([up.id]);
    expect(await listFiles(f.deps, b.caller)).toEqual([]);
    await expect(listFiles(f.deps, f.anonymous)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  test('delete: all or nothing; another user\'s file is "not found", like a missing one', async () => {
    const a = await f.newCaller();
    const b = await f.newCaller();
    const mine = await uploadFile(f.deps, { caller: a.caller, clientKey: randomBytes(32), fileName: 'm.evtx', content: bytes(5) });
    const theirs = await uploadFile(f.deps, { caller: b.caller, clientKey: randomBytes(32), fileName: 't.evtx', content: bytes(5) });
    await expect(deleteFiles(f.deps, a.caller, { ids: [mine.id, theirs.id] })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'File not found' });
    await expect(deleteFiles(f.deps, a.caller, { ids: [randomUUID()] })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await files.get(f.db, mine.id)).not.toBeNull();
    await deleteFiles(f.deps, a.caller, { ids: [mine.id.toUpperCase()] });
    expect(await files.get(f.db, mine.id)).toBeNull();
    expect(await files.get(f.db, theirs.id)).not.toBeNull();
  });

  test("the shared schema gives the contract's message for every malformed id list", () => {
    for (const body of [{}, { ids: [] }, { ids: 'x' }, { ids: ['not-a-uuid'] }, { ids: [42] }, null]) {
      expect(() => validate(deleteFilesSchema, body)).toThrow('Invalid file ID format');
    }
    expect(validate(deleteFilesSchema, { ids: [randomUUID()] }).ids).toHaveLength(1);
  });
});
