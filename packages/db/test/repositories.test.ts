import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createDb, files, hashToken, jobs, migrate, ping, results, tokens, users, type Db, type NewFile } from '../src/index.js';
import { freshDatabase, query } from './support/database.js';

let db: Db;
let url: string;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ url, drop } = await freshDatabase());
  await migrate(url);
  db = createDb(url);
});
afterAll(async () => {
  await db.close();
  await drop();
});

function newFile(ownerId: string | null, over: Partial<NewFile> = {}): NewFile {
  const encrypted = ownerId !== null;
  return {
    ownerId,
    originalName: 'Security.evtx',
    size: 5_000_000_000n,
    sha256: 'ab'.repeat(32),
    visibility: encrypted ? 'private' : 'public',
    encrypted,
    wrappedKey: encrypted ? Buffer.from([1, 2, 3, 0, 255]) : null,
    blobKey: randomUUID(),
    ...over,
  };
}

test('ping answers on a live database and rejects when the server cannot be reached', async () => {
  await expect(ping(db)).resolves.toBeUndefined();
  const unreachable = new URL(url);
  unreachable.port = '1';
  const dead = createDb(unreachable.toString());
  await expect(ping(dead)).rejects.toThrow();
  await dead.close();
});

describe('users and tokens', () => {
  test('a token is returned once as a UUID v4, stored only as its sha256, and resolves to its user', async () => {
    const user = await users.create(db, { name: 'Ada', tier: 'pro' });
    expect(user).toMatchObject({ name: 'Ada', tier: 'pro' });
    expect(user.createdAt).toBeInstanceOf(Date);

    const { token, record } = await tokens.create(db, { userId: user.id, label: 'cli' });
    expect(token).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(record).toMatchObject({ userId: user.id, label: 'cli', revokedAt: null, lastUsedAt: null });

    const stored = await query<{ token_hash: string }>(url, 'SELECT token_hash FROM api_tokens WHERE id = $1', [record.id]);
    expect(stored).toEqual([{ token_hash: hashToken(token) }]);
    const dump = JSON.stringify(await query(url, 'SELECT * FROM api_tokens'));
    expect(dump).not.toContain(token);

    expect(await users.getByTokenHash(db, hashToken(token))).toEqual({ user, tokenId: record.id, tokenLastUsedAt: null });
    expect(await users.getByTokenHash(db, hashToken(randomUUID()))).toBeNull();
  });

  test('a revoked token no longer resolves; markUsed records use', async () => {
    const user = await users.create(db, { name: 'Bob', tier: 'free' });
    const { token, record } = await tokens.create(db, { userId: user.id });
    const at = new Date('2026-01-02T03:04:05.678Z');
    await tokens.markUsed(db, record.id, at);
    expect((await tokens.listByUser(db, user.id))[0]?.lastUsedAt).toEqual(at);
    expect(await tokens.revoke(db, record.id)).toBe(true);
    expect(await tokens.revoke(db, record.id)).toBe(false);
    expect(await users.getByTokenHash(db, hashToken(token))).toBeNull();
  });

  test('list returns users oldest first; get answers null for unknown or malformed ids', async () => {
    const a = await users.create(db, { name: 'first', tier: 'enterprise' });
    // Creation times have millisecond precision and ids are random: keep the two apart in time.
    await new Promise((r) => setTimeout(r, 5));
    const b = await users.create(db, { name: 'second', tier: 'free' });
    const ids = (await users.list(db)).map((u) => u.id);
    expect(ids.indexOf(a.id)).toBeLessThan(ids.indexOf(b.id));
    expect(await users.get(db, a.id)).toEqual(a);
    expect(await users.get(db, randomUUID())).toBeNull();
    expect(await users.get(db, 'not-a-uuid')).toBeNull();
  });

  test('the database rejects a tier outside the enum', async () => {
    await expect(users.create(db, { name: 'x', tier: 'gold' as never })).rejects.toThrow(/gold|Tier/);
  });
});

describe('files', () => {
  test('create round-trips every field, BigInt size and wrapped key bytes included', async () => {
    const owner = await users.create(db, { name: 'owner', tier: 'pro' });
    const input = newFile(owner.id);
    const file = await files.create(db, input);
    expect(file).toMatchObject({ ...input, wrappedKey: Buffer.from([1, 2, 3, 0, 255]) });
    expect(Buffer.isBuffer(file.wrappedKey)).toBe(true);
    expect(await files.get(db, file.id)).toEqual(file);
  });

  test('an encrypted file needs a wrapped key and a plain one must not have one', async () => {
    await expect(files.create(db, newFile(null, { encrypted: true }))).rejects.toMatchObject({ code: 'invalid-argument' });
    const owner = await users.create(db, { name: 'o', tier: 'free' });
    await expect(files.create(db, newFile(owner.id, { wrappedKey: null }))).rejects.toMatchObject({ code: 'invalid-argument' });
  });

  test('blob keys are unique', async () => {
    const blobKey = randomUUID();
    await files.create(db, newFile(null, { blobKey }));
    await expect(files.create(db, newFile(null, { blobKey }))).rejects.toMatchObject({ code: 'P2002' });
  });

  test("listByOwner returns only the owner's files, in creation order", async () => {
    const owner = await users.create(db, { name: 'lister', tier: 'free' });
    const other = await users.create(db, { name: 'other', tier: 'free' });
    const created = [];
    for (let i = 0; i < 4; i++) {
      created.push(await files.create(db, newFile(owner.id, { originalName: `f${i}` })));
      // Creation times have millisecond precision, and ids are random: keep the files apart in time.
      await new Promise((r) => setTimeout(r, 5));
    }
    await files.create(db, newFile(other.id));
    await files.create(db, newFile(null));
    expect((await files.listByOwner(db, owner.id)).map((f) => f.id)).toEqual(created.map((f) => f.id));
  });

  test('deleteMany is all-or-nothing and only for the owner', async () => {
    const owner = await users.create(db, { name: 'deleter', tier: 'free' });
    const other = await users.create(db, { name: 'bystander', tier: 'free' });
    const mine = [await files.create(db, newFile(owner.id)), await files.create(db, newFile(owner.id))];
    const theirs = await files.create(db, newFile(other.id));
    const pub = await files.create(db, newFile(null));

    // Any id that is not the owner's (someone else's, anonymous, unknown, malformed) deletes nothing.
    for (const intruder of [theirs.id, pub.id, randomUUID(), 'bad-id']) {
      expect(await files.deleteMany(db, [mine[0]!.id, intruder], owner.id)).toBeNull();
    }
    expect(await files.listByOwner(db, owner.id)).toHaveLength(2);

    const keys = await files.deleteMany(db, [mine[1]!.id, mine[0]!.id, mine[0]!.id], owner.id);
    expect(keys?.sort()).toEqual(mine.map((f) => f.blobKey).sort());
    expect(await files.listByOwner(db, owner.id)).toEqual([]);
    expect(await files.get(db, theirs.id)).toEqual(theirs);
    expect(await files.deleteMany(db, [], owner.id)).toEqual([]);
  });

  test('get and getMany ignore ownership (worker side); unknown and malformed ids are skipped', async () => {
    const owner = await users.create(db, { name: 'worker-view', tier: 'free' });
    const priv = await files.create(db, newFile(owner.id));
    const pub = await files.create(db, newFile(null));
    expect(await files.get(db, priv.id)).toEqual(priv);
    expect(await files.get(db, randomUUID())).toBeNull();
    expect(await files.get(db, 'zzz')).toBeNull();
    const many = await files.getMany(db, [priv.id, pub.id, priv.id, randomUUID(), 'zzz']);
    expect(many.map((f) => f.id).sort()).toEqual([priv.id, pub.id].sort());
    expect(await files.getMany(db, [])).toEqual([]);
  });

  test('discard removes the rows of a failed request whoever owns them and returns their blob keys', async () => {
    const owner = await users.create(db, { name: 'discarder', tier: 'free' });
    const a = await files.create(db, newFile(owner.id));
    const b = await files.create(db, newFile(null));
    const keep = await files.create(db, newFile(owner.id));
    const keys = await files.discard(db, [a.id, b.id, randomUUID(), 'junk']);
    expect(keys.sort()).toEqual([a.blobKey, b.blobKey].sort());
    expect(await files.get(db, a.id)).toBeNull();
    expect(await files.get(db, b.id)).toBeNull();
    expect(await files.get(db, keep.id)).toEqual(keep);
    expect(await files.discard(db, [])).toEqual([]);
  });

  test("deleteMany inside a caller's transaction rolls back with it", async () => {
    const owner = await users.create(db, { name: 'tx', tier: 'free' });
    const file = await files.create(db, newFile(owner.id));
    await expect(
      db.$transaction(async (tx) => {
        expect(await files.deleteMany(tx, [file.id], owner.id)).toEqual([file.blobKey]);
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await files.get(db, file.id)).toEqual(file);
  });
});

describe('jobs and results', () => {
  async function newJob(ownerId: string | null, fileIds: string[]) {
    const id = randomUUID();
    return jobs.create(db, {
      id,
      jobName: 'brave-blue-otter',
      category: 'winevtx',
      ownerId,
      visibility: ownerId ? 'private' : 'public',
      tier: 'pro',
      workflowId: `job-${id}`,
      taskQueue: 'quarry-pro',
      params: { run_sigma_rules: true },
      wrappedKey: ownerId ? Buffer.from('wrapped') : null,
      inputs: fileIds.map((fileId, i) => ({ fileId, fileName: `in${i}.evtx` })),
    });
  }

  test('create stores the job with ordered inputs and reads back the same', async () => {
    const owner = await users.create(db, { name: 'jobber', tier: 'pro' });
    const fileIds = [randomUUID(), randomUUID(), randomUUID()];
    const job = await newJob(owner.id, fileIds);
    expect(job).toMatchObject({
      status: 'Pending',
      category: 'winevtx',
      tier: 'pro',
      params: { run_sigma_rules: true },
      wrappedKey: Buffer.from('wrapped'),
      startedAt: null,
      finishedAt: null,
    });
    expect(job.inputs).toEqual(fileIds.map((fileId, position) => ({ position, fileId, fileName: `in${position}.evtx` })));
    expect(await jobs.get(db, job.id)).toEqual(job);
    expect(await jobs.get(db, randomUUID())).toBeNull();
    expect(await jobs.get(db, '123')).toBeNull();
  });

  test('inputs have no foreign key: the job outlives a deleted file', async () => {
    const owner = await users.create(db, { name: 'keeper', tier: 'free' });
    const file = await files.create(db, newFile(owner.id));
    const job = await newJob(owner.id, [file.id]);
    await files.deleteMany(db, [file.id], owner.id);
    expect((await jobs.get(db, job.id))?.inputs[0]?.fileId).toBe(file.id);
  });

  test('setStatus keeps timestamps true', async () => {
    const job = await newJob(null, [randomUUID()]);
    const t1 = new Date('2026-03-01T00:00:00.000Z');
    const t2 = new Date('2026-03-01T00:01:00.000Z');
    const t3 = new Date('2026-03-01T00:02:00.000Z');
    expect(await jobs.setStatus(db, job.id, 'Processing', t1)).toBe(true);
    expect(await jobs.get(db, job.id)).toMatchObject({ status: 'Processing', startedAt: t1, finishedAt: null });
    await jobs.setStatus(db, job.id, 'Processing', t2); // a retried activity keeps the first start
    expect(await jobs.get(db, job.id)).toMatchObject({ startedAt: t1 });
    await jobs.setStatus(db, job.id, 'Completed', t3);
    expect(await jobs.get(db, job.id)).toMatchObject({ status: 'Completed', startedAt: t1, finishedAt: t3 });
    await jobs.setStatus(db, job.id, 'Pending', t3);
    expect(await jobs.get(db, job.id)).toMatchObject({ status: 'Pending', startedAt: null, finishedAt: null });
    await jobs.setStatus(db, job.id, 'Failed', t2);
    expect(await jobs.get(db, job.id)).toMatchObject({ status: 'Failed', startedAt: null, finishedAt: t2 });
    expect(await jobs.setStatus(db, randomUUID(), 'Failed')).toBe(false);
  });

  test("listByOwner gives the owner's jobs newest first", async () => {
    const owner = await users.create(db, { name: 'many', tier: 'free' });
    const first = await newJob(owner.id, []);
    // Creation times have millisecond precision: keep the two apart.
    await new Promise((r) => setTimeout(r, 5));
    const made = [first, await newJob(owner.id, [randomUUID()])];
    await newJob(null, []);
    expect((await jobs.listByOwner(db, owner.id)).map((j) => j.id)).toEqual(made.map((j) => j.id).reverse());
  });

  test('results: put, replace, get; deleting the job removes its result and inputs', async () => {
    const owner = await users.create(db, { name: 'res', tier: 'free' });
    const job = await newJob(owner.id, [randomUUID()]);
    expect(await results.get(db, job.id)).toBeNull();
    const first = await results.put(db, { jobId: job.id, encrypted: false, insights: Buffer.from('[]') });
    expect(first).toMatchObject({ jobId: job.id, encrypted: false, insights: Buffer.from('[]') });
    const cipher = Buffer.from([0, 1, 2, 250]);
    await results.put(db, { jobId: job.id, encrypted: true, insights: cipher });
    expect(await results.get(db, job.id)).toMatchObject({ encrypted: true, insights: cipher });

    expect(await jobs.delete(db, job.id)).toBe(true);
    expect(await jobs.delete(db, job.id)).toBe(false);
    expect(await results.get(db, job.id)).toBeNull();
    expect(await query(url, 'SELECT 1 FROM job_inputs WHERE job_id = $1', [job.id])).toEqual([]);
  });

  test('deleteMany is all-or-nothing and only for the owner', async () => {
    const owner = await users.create(db, { name: 'jd', tier: 'free' });
    const other = await users.create(db, { name: 'jo', tier: 'free' });
    const mine = [await newJob(owner.id, []), await newJob(owner.id, [])];
    const theirs = await newJob(other.id, []);
    for (const intruder of [theirs.id, randomUUID(), 'x']) {
      expect(await jobs.deleteMany(db, [mine[0]!.id, intruder], owner.id)).toBe(false);
    }
    expect(await jobs.listByOwner(db, owner.id)).toHaveLength(2);
    expect(
      await jobs.deleteMany(
        db,
        mine.map((j) => j.id),
        owner.id,
      ),
    ).toBe(true);
    expect(await jobs.listByOwner(db, owner.id)).toEqual([]);
    expect(await jobs.get(db, theirs.id)).toEqual(theirs);
  });

  test('workflow ids are unique', async () => {
    const job = await newJob(null, []);
    const again = {
      jobName: 'other-name',
      category: 'registry',
      ownerId: null,
      visibility: 'public',
      tier: 'anonymous',
      workflowId: job.workflowId,
      taskQueue: 'q',
      wrappedKey: null,
      inputs: [],
    } as const;
    await expect(jobs.create(db, again)).rejects.toMatchObject({ code: 'P2002' });
    await expect(jobs.create(db, { ...again, workflowId: `job-${randomUUID()}` })).resolves.toMatchObject({ tier: 'anonymous' });
  });
});
