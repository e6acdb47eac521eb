import { Context } from '@temporalio/activity';
import { unwrapKey } from '@quarry/crypto';
import { writeInsights } from '@quarry/api';
import { files, jobs } from '@quarry/db';
import { ACCEPTED_KINDS, EXPECTED_LABEL, FILE_KIND_LABEL, detectFileKind, type Insight } from '@quarry/insights';
import type { AnalysisJobInput, FailJobInput, JobActivities } from '@quarry/temporal';
import type { WorkerDeps } from '../deps.js';
import { fileMetadataInsight } from '../analyzers/metadata.js';
import { readEvidence } from './read-evidence.js';
import { unusable } from './unusable.js';

const keyOf = (b64: string | null): Buffer | null => (b64 ? Buffer.from(b64, 'base64') : null);

function jobKeyOf(wrapped: Uint8Array | null, clientKey: Buffer | null): Buffer | null {
  if (!wrapped) return null;
  if (!clientKey) throw unusable('This private job needs the encryption key it was created with');
  try {
    return unwrapKey(Buffer.from(wrapped), clientKey);
  } catch {
    throw unusable('The encryption key does not open this job');
  }
}

/** Activities built from explicit dependencies so tests run them against real components. */
export function createActivities(deps: WorkerDeps): JobActivities {
  return {
    async runJob(input: AnalysisJobInput): Promise<void> {
      const ctx = Context.current();
      const job = await jobs.get(deps.db, input.jobId);
      // Deleted meanwhile, or finished by an earlier attempt whose completion was lost.
      if (!job || job.status === 'Completed' || job.status === 'Failed') return;
      await jobs.setStatus(deps.db, job.id, 'Processing');

      const clientKey = keyOf(input.clientKey);
      const jobKey = jobKeyOf(job.wrappedKey, clientKey);
      const accepted = ACCEPTED_KINDS[job.category] ?? [];
      const insights: Insight[] = [];
      let lastBeat = 0;
      const beat = () => {
        const now = Date.now();
        if (now - lastBeat > 1000) {
          lastBeat = now;
          ctx.heartbeat();
        }
      };

      for (const item of job.inputs) {
        ctx.heartbeat({ position: item.position });
        const file = await files.get(deps.db, item.fileId);
        if (!file) throw unusable(`Input file ${item.fileName} was deleted before the job could read it`);
        const content = await readEvidence(deps, file, clientKey, beat, ctx.cancellationSignal);
        const kind = detectFileKind(content.subarray(0, 512));
        if (!accepted.includes(kind)) {
          throw unusable(`File ${file.originalName} is not ${EXPECTED_LABEL[job.category] ?? 'supported'} (detected: ${FILE_KIND_LABEL[kind]})`);
        }
        insights.push(fileMetadataInsight(file, kind));
      }

      await writeInsights(deps, job.id, jobKey, insights);
      await jobs.setStatus(deps.db, job.id, 'Completed');
      deps.log.info({ jobId: job.id, files: job.inputs.length }, 'job completed');
    },

    async failJob(input: FailJobInput): Promise<void> {
      const job = await jobs.get(deps.db, input.jobId);
      if (!job) return;
      let jobKey: Buffer | null = null;
      let message = input.message;
      try {
        jobKey = jobKeyOf(job.wrappedKey, keyOf(input.clientKey));
      } catch {
        // Without the key the detailed message cannot be sealed; keep only a generic one.
        message = 'The job could not be completed';
      }
      if (job.wrappedKey && !jobKey) message = 'The job could not be completed';
      await writeInsights(deps, job.id, jobKey, [{ Error: { message } }]);
      await jobs.setStatus(deps.db, job.id, 'Failed');
      deps.log.warn({ jobId: job.id }, 'job failed');
    },
  };
}
