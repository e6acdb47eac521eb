import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterEach, expect, test } from 'vitest';
import { JOB_CATEGORIES } from '@quarry/vocabulary';
import { migrate } from '../src/index.js';
import { syncCategoryCheck } from '../src/migrate/category-check.js';
import { freshDatabase } from './support/database.js';

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

async function connected(): Promise<pg.Client> {
  const db = await freshDatabase();
  cleanups.push(db.drop);
  await migrate(db.url);
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  cleanups.push(() => client.end());
  return client;
}

const insertJob = (client: pg.Client, category: string) =>
  client.query(`INSERT INTO "jobs" (id, job_name, category, visibility, tier, workflow_id, task_queue) VALUES ($1, 'n', $2, 'public', 'anonymous', $3, 'q')`, [
    randomUUID(),
    category,
    randomUUID(),
  ]);

test('after migrate the database takes exactly the vocabulary’s job categories', async () => {
  const client = await connected();
  for (const category of JOB_CATEGORIES) await insertJob(client, category);
  await expect(insertJob(client, 'srum')).rejects.toMatchObject({ code: '23514', constraint: 'jobs_category_known' });
  // Spelled as the contract spells it: `yara` is not `Yara`.
  await expect(insertJob(client, 'yara')).rejects.toMatchObject({ code: '23514' });
});

test('a new evidence type in the vocabulary reaches the CHECK at the next start, with no migration of its own', async () => {
  const client = await connected();
  // Up to date after migrate: nothing to change.
  expect(await syncCategoryCheck(client)).toBe(false);
  expect(await syncCategoryCheck(client, [...JOB_CATEGORIES, 'srum'])).toBe(true);
  await insertJob(client, 'srum');
  expect(await syncCategoryCheck(client, [...JOB_CATEGORIES, 'srum'])).toBe(false);
  // Back to the list without it: the row written meanwhile stays (NOT VALID), new ones are refused.
  expect(await syncCategoryCheck(client)).toBe(true);
  await expect(insertJob(client, 'srum')).rejects.toMatchObject({ code: '23514' });
  const { rows } = await client.query(`SELECT count(*)::int AS n FROM "jobs" WHERE category = 'srum'`);
  expect(rows[0].n).toBe(1);
});
