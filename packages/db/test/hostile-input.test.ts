import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createDb, files, jobs, migrate, results, tokens, users, type Db } from '../src/index.js';
import { freshDatabase } from './support/database.js';

// Ids and names come straight from URLs, JSON bodies and multipart headers. Whatever arrives, the
// repositories answer "not found" or a DbError, never a driver error or a wrong row.

let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => {
  let url: string;
  ({ url, drop } = await freshDatabase());
  await migrate(url);
  db = createDb(url);
});
afterAll(async () => {
  await db.close();
  await drop();
});

/** Deterministic junk: fixed awkward cases plus seeded random strings (bounded count). */
function hostileIds(): string[] {
  const fixed = [
    '',
    ' ',
    "'; DROP TABLE files; --",
    '00000000-0000-0000-0000-00000000000',
    '00000000-0000-0000-0000-0000000000000',
    '{00000000-0000-4000-8000-000000000000}',
    '00000000000040008000000000000000',
    'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz',
    '\u0000',
    'é'.repeat(40),
    'x'.repeat(100_000),
    randomUUID().toUpperCase(),
    ` ${randomUUID()}`,
  ];
  let seed = 0x5eed;
  const next = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff);
  const random = Array.from({ length: 60 }, () => {
    const length = next() % 48;
    return Array.from({ length }, () => String.fromCharCode(next() % 0x250)).join('');
  });
  return [...fixed, ...random];
}

describe('hostile ids', () => {
  test('every lookup, delete and status change answers not-found, and nothing is touched', async () => {
    const owner = await users.create(db, { name: 'target', tier: 'free' });
    const file = await files.create(db, {
      ownerId: owner.id,
      originalName: 'a',
      size: 1n,
      sha256: '0'.repeat(64),
      visibility: 'private',
      encrypted: true,
      wrappedKey: randomBytes(60),
      blobKey: randomUUID(),
    });
    for (const id of hostileIds()) {
      expect(await files.get(db, id)).toBeNull();
      expect(await files.getMany(db, [id])).toEqual([]);
      expect(await files.listByOwner(db, id)).toEqual([]);
      expect(await files.deleteMany(db, [file.id, id], owner.id)).toBeNull();
      expect(await files.deleteMany(db, [file.id], id)).toBeNull();
      expect(await jobs.get(db, id)).toBeNull();
      expect(await jobs.listByOwner(db, id)).toEqual([]);
      expect(await jobs.setStatus(db, id, 'Failed')).toBe(false);
      expect(await jobs.delete(db, id)).toBe(false);
      expect(await jobs.deleteMany(db, [id], owner.id)).toBe(false);
      expect(await users.get(db, id)).toBeNull();
      expect(await tokens.revoke(db, id)).toBe(false);
      expect(await results.get(db, id)).toBeNull();
    }
    expect(await files.get(db, file.id)).toEqual(file);
  });
});

describe('hostile names', () => {
  const names = ['O\'Brien "quoted" \\ back', '名前.evtx', '🙂'.repeat(300), 'a'.repeat(10_000), '\t\n\r'];

  test('any text without NUL round-trips exactly', async () => {
    for (const name of names) {
      const user = await users.create(db, { name, tier: 'pro' });
      expect((await users.get(db, user.id))?.name).toBe(name);
      const file = await files.create(db, {
        ownerId: null,
        originalName: name,
        size: 0n,
        sha256: 'f'.repeat(64),
        visibility: 'public',
        encrypted: false,
        wrappedKey: null,
        blobKey: randomUUID(),
      });
      expect((await files.get(db, file.id))?.originalName).toBe(name);
    }
  });

  test('a NUL character is refused with a DbError before reaching the database', async () => {
    await expect(users.create(db, { name: 'a\u0000b', tier: 'free' })).rejects.toMatchObject({ code: 'invalid-argument' });
    await expect(
      files.create(db, {
        ownerId: null,
        originalName: 'x\u0000.evtx',
        size: 0n,
        sha256: 'f'.repeat(64),
        visibility: 'public',
        encrypted: false,
        wrappedKey: null,
        blobKey: randomUUID(),
      }),
    ).rejects.toMatchObject({ code: 'invalid-argument' });
    const base = {
      category: 'prefetch',
      ownerId: null,
      visibility: 'public',
      tier: 'anonymous',
      taskQueue: 'q',
      wrappedKey: null,
    } as const;
    await expect(
      jobs.create(db, { ...base, jobName: 'ok', workflowId: randomUUID(), inputs: [{ fileId: randomUUID(), fileName: 'a\u0000' }] }),
    ).rejects.toMatchObject({ code: 'invalid-argument' });
    await expect(
      jobs.create(db, { ...base, jobName: 'ok', workflowId: randomUUID(), inputs: [{ fileId: 'not-a-uuid', fileName: 'a' }] }),
    ).rejects.toMatchObject({ code: 'invalid-argument' });
    const user = await users.create(db, { name: 'labels', tier: 'free' });
    await expect(tokens.create(db, { userId: user.id, label: '\u0000' })).rejects.toMatchObject({ code: 'invalid-argument' });
  });
});
