-- AlterTable
ALTER TABLE "jobs" ADD COLUMN "bytes_done" BIGINT,
ADD COLUMN "bytes_total" BIGINT;

-- Job events (not modelled by Prisma): every insert, delete, and change of a job's status or
-- progress notifies channel quarry_job_events with the job's id (nothing else: names and keys never
-- leave the database this way). A trigger rather than pg_notify in each repository function: no
-- writer, present or future, can change a job without its watchers hearing of it, and the
-- notification is sent only when the writing transaction commits.
CREATE FUNCTION "quarry_notify_job_event"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('quarry_job_events', OLD."id"::text);
  ELSIF TG_OP = 'INSERT'
     OR NEW."status" IS DISTINCT FROM OLD."status"
     OR NEW."bytes_done" IS DISTINCT FROM OLD."bytes_done"
     OR NEW."bytes_total" IS DISTINCT FROM OLD."bytes_total" THEN
    PERFORM pg_notify('quarry_job_events', NEW."id"::text);
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER "jobs_notify_event"
AFTER INSERT OR UPDATE OR DELETE ON "jobs"
FOR EACH ROW EXECUTE FUNCTION "quarry_notify_job_event"();
