import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { newDataKey } from '@quarry/crypto';
import { createDb, jobs, migrate, results, type Db } from '@quarry/db';
import type { Insight } from '@quarry/insights';
import { readInsights, writeInsights } from '../src/index.js';
import { freshDatabase } from '../../db/test/support/database.js';
import type {} from '../../db/test/support/global-setup.js';

let db: Db;
let drop: () => Promise<void>;

beforeAll(async () => {
  const fresh = await freshDatabase();
  drop = fresh.drop;
  await migrate(fresh.url);
  db = createDb(fresh.url);
});
afterAll(async () => {
  await db.close();
  await drop();
});

async function newJob(): Promise<string> {
  const id = randomUUID();
  await jobs.create(db, {
    id,
    jobName: 'test',
    category: 'winevtx',
    ownerId: null,
    visibility: 'public',
    tier: 'anonymous',
    workflowId: `w-${id}`,
    taskQueue: 'q',
    wrappedKey: null,
    inputs: [],
  });
  return id;
}

const SECRET_TITLE = `File metadata: SECRET-${randomUUID()}.evtx`;
const insights: Insight[] = [{ Metadata: { title: SECRET_TITLE, data: { a: 'b' }, category: 'General' } }];

test('public results are stored as JSON and read back', async () => {
  const id = await newJob();
  await writeInsights(db, id, null, insights);
  expect(await readInsights(db, id, null)).toEqual(insights);
  expect((await results.get(db, id))!.insights.toString('utf8')).toContain(SECRET_TITLE);
});

test('private results are sealed: unreadable in the row, opened only by the job key', async () => {
  const id = await newJob();
  const key = newDataKey();
  await writeInsights(db, id, key, insights);
  const row = (await results.get(db, id))!;
  expect(row.encrypted).toBe(true);
  expect(row.insights.includes(Buffer.from(SECRET_TITLE))).toBe(false);
  expect(await readInsights(db, id, key)).toEqual(insights);
  await expect(readInsights(db, id, newDataKey())).rejects.toThrow(/authentication failed/);
  expect(await readInsights(db, id, null)).toBeNull();
});

test("one job's sealed results cannot be passed off as another's", async () => {
  const [a, b] = [await newJob(), await newJob()];
  const key = newDataKey();
  await writeInsights(db, a, key, insights);
  await results.put(db, { jobId: b, encrypted: true, insights: (await results.get(db, a))!.insights });
  await expect(readInsights(db, b, key)).rejects.toThrow(/authentication failed/);
});

test('a job with no stored results reads as null', async () => {
  expect(await readInsights(db, await newJob(), null)).toBeNull();
});
