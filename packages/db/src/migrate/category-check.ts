import type pg from 'pg';
import { JOB_CATEGORIES } from '@quarry/vocabulary';

const CONSTRAINT = 'jobs_category_known';

/**
 * Keeps the CHECK constraint on jobs.category equal to the vocabulary's categories, so a new
 * evidence type needs no migration and the database still refuses a category no code knows.
 * The list it was made from is the constraint's comment; it is replaced only when that differs
 * (one short ACCESS EXCLUSIVE lock then). NOT VALID: rows written under an earlier list stay
 * readable, every new or changed row is checked.
 */
export async function syncCategoryCheck(client: pg.Client, categories: readonly string[] = JOB_CATEGORIES): Promise<boolean> {
  const wanted = [...categories].sort().join(',');
  const { rows } = await client.query<{ list: string | null }>(
    `SELECT obj_description(c.oid, 'pg_constraint') AS list
       FROM pg_constraint c WHERE c.conname = $1 AND c.conrelid = '"jobs"'::regclass`,
    [CONSTRAINT],
  );
  if (rows[0]?.list === wanted) return false;
  const literals = categories.map((c) => client.escapeLiteral(c)).join(', ');
  await client.query('BEGIN');
  try {
    await client.query(`ALTER TABLE "jobs" DROP CONSTRAINT IF EXISTS "${CONSTRAINT}"`);
    await client.query(`ALTER TABLE "jobs" ADD CONSTRAINT "${CONSTRAINT}" CHECK ("category" IN (${literals})) NOT VALID`);
    await client.query(`COMMENT ON CONSTRAINT "${CONSTRAINT}" ON "jobs" IS ${client.escapeLiteral(wanted)}`);
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK');
    throw err;
  }
  return true;
}
