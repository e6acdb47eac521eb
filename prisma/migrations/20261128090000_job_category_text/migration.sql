-- A job's category becomes text: the evidence types are listed once, in @quarry/vocabulary, and
-- `migrate` keeps the CHECK constraint "jobs_category_known" equal to that list at every start, so a
-- new evidence type needs no migration of its own and the database still refuses a category no code
-- knows.
ALTER TABLE "jobs" ALTER COLUMN "category" TYPE TEXT USING "category"::text;

DROP TYPE "JobCategory";
