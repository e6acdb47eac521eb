-- Exports (issue #38): the audit of who exported what, and the single-use download tickets the
-- tRPC and GraphQL fronts hand out (see docs/api-decisions.md, "Exports").

-- CreateTable
CREATE TABLE "audit_events" (
    "id" UUID NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "actor_id" UUID,
    "action" TEXT NOT NULL,
    "job_id" UUID NOT NULL,
    "details" JSONB NOT NULL DEFAULT '{}',

    CONSTRAINT "audit_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "export_tickets" (
    "id" TEXT NOT NULL,
    "owner_id" UUID,
    "job_id" UUID NOT NULL,
    "params" JSONB NOT NULL,
    "sealed_key" BYTEA,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "export_tickets_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "audit_events_job_id_at_idx" ON "audit_events"("job_id", "at");

-- CreateIndex
CREATE INDEX "audit_events_actor_id_at_idx" ON "audit_events"("actor_id", "at");

-- CreateIndex
CREATE INDEX "export_tickets_expires_at_idx" ON "export_tickets"("expires_at");

-- AddForeignKey
ALTER TABLE "export_tickets" ADD CONSTRAINT "export_tickets_owner_id_fkey" FOREIGN KEY ("owner_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "export_tickets" ADD CONSTRAINT "export_tickets_job_id_fkey" FOREIGN KEY ("job_id") REFERENCES "jobs"("id") ON DELETE CASCADE ON UPDATE CASCADE;
