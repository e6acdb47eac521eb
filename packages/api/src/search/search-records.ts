import { files } from '@quarry/db';
import { retitle, titleOf, type IndexTableEntry, type Insight, type InputRef } from '@quarry/insights';
import { RecordStoreError, isRecordStoreError, readInsights, type RecordStoreReader, type SearchQuery } from '@quarry/store';
import { evidenceTypes, isArtifactType, isParseCategory, type ParseCategory } from '@quarry/vocabulary';
import type { Caller } from '../auth/caller.js';
import { isUuid } from '../auth/formats.js';
import type { ServiceDeps } from '../deps.js';
import { AppError } from '../errors/app-error.js';
import type { JobView } from '../jobs/get-job.js';
import { loadReadableJob } from '../jobs/access.js';
import type { SummaryInput, SummaryOutput } from './summary-task.js';

/** `browse_events: true`: one page of raw records as the category's IndexTable. */
export interface RecordPage {
  kind: 'records';
  title: string;
  columns: string[];
  entries: IndexTableEntry[];
  total: number;
}

/** `browse_events: false`: the job's insights rebuilt over the matching records only. */
export interface SearchSummary {
  kind: 'summary';
  job: JobView;
}

export { MAX_SUMMARY_RECORDS } from './summary-task.js';

/**
 * Searches a completed parse job's records (the job's own store; for a collection job, e.g.
 * triage, also the store of each member type it held). A job the caller cannot read is "not
 * found"; one of another category, or not Completed, is refused before its store is opened.
 */
export async function searchRecords(
  deps: ServiceDeps,
  caller: Caller,
  clientKey: Buffer | null,
  category: ParseCategory,
  input: { jobId: string; browseEvents: boolean; query: SearchQuery },
): Promise<RecordPage | SearchSummary> {
  if (!isUuid(input.jobId)) throw new AppError('BAD_REQUEST', 'Job not found');
  const { job, jobKey } = await loadReadableJob(deps, caller, clientKey, input.jobId, 'Job not found');
  const member = job.category !== category && memberSearch(job.category, category);
  if (job.category !== category && !member) throw new AppError('BAD_REQUEST', `Job is not a ${category} parse job`);
  if (job.status !== 'Completed') throw new AppError('BAD_REQUEST', 'Job not completed');

  // The whole job unfiltered: its stored insights are exactly what re-analysis would give.
  const q = input.query;
  if (!input.browseEvents && q.search === '' && (q.filters ?? []).length === 0 && q.startTime === undefined && q.endTime === undefined) {
    const insights = (await readInsights(deps.db, job.id, jobKey)) ?? [];
    return {
      kind: 'summary',
      job: { id: job.id, jobName: job.jobName, status: job.status, category: job.category, insights: member ? memberInsights(insights, category) : insights },
    };
  }

  const reader = await openStore(deps, job.id, category, jobKey);
  if (!reader) throw new AppError('BAD_REQUEST', 'Job has no searchable records');
  try {
    if (input.browseEvents) {
      const { entries, total } = storeCall(() => reader.search(q));
      return { kind: 'records', ...reader.table, entries, total };
    }
    // Re-analysis runs on the Sigma thread (it holds the process's compiled Sigma set), reading the
    // store this reader holds open: the event loop only waits.
    const summary: SummaryInput = {
      file: reader.file,
      jobId: job.id,
      category,
      jobKey,
      query: q,
      // A member type's records come from the collection's members, not the job's files: the task takes them from the records.
      inputs: member ? [] : await inputRefs(deps, job.inputs),
      runSigmaRules: job.params['run_sigma_rules'] === true,
    };
    const out = (await deps.hunting.sigma.task(summary)) as SummaryOutput;
    if (!out.ok) throw out.code === 'too-many' ? new AppError('BAD_REQUEST', out.message) : contractError(new RecordStoreError(out.code, out.message));
    return { kind: 'summary', job: { id: job.id, jobName: job.jobName, status: job.status, category: job.category, insights: out.insights } };
  } finally {
    reader.close();
  }
}

/** A search of one member type's records in a collection job (its type holds members of every artifact type). */
function memberSearch(jobCategory: string, category: ParseCategory): boolean {
  return isParseCategory(jobCategory) && 'composite' in evidenceTypes[jobCategory] && isArtifactType(category);
}

/** A member type's own insights out of a collection job's (listed there as `<type label> · <title>`), under their own titles. */
function memberInsights(insights: readonly Insight[], category: ParseCategory): Insight[] {
  const prefix = `${evidenceTypes[category].label} · `;
  return insights.filter((i) => titleOf(i)?.startsWith(prefix)).map((i) => retitle(i, (t) => t.slice(prefix.length)));
}

/** The job's store (fetched into this node's cache first when it lives in an object store). */
export async function openStore<C extends ParseCategory>(
  deps: ServiceDeps,
  jobId: string,
  category: C,
  jobKey: Buffer | null,
): Promise<RecordStoreReader<C> | null> {
  try {
    return await deps.recordStores.open(jobId, category, jobKey);
  } catch (err) {
    throw contractError(err);
  }
}

export function storeCall<T>(fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    throw contractError(err);
  }
}

/** Store errors as the contract's answers; anything else as it is. */
function contractError(err: unknown): unknown {
  if (!isRecordStoreError(err)) return err;
  if (err.code === 'wrong-key') return new AppError('WRONG_KEY', 'Encryption key is invalid for this job');
  if (err.code === 'unknown-field' || err.code === 'invalid-query') return new AppError('BAD_REQUEST', err.message);
  return err;
}

/** The job's inputs as analyzers know them (size and hash from the file, when it still exists). */
async function inputRefs(deps: ServiceDeps, inputs: { position: number; fileId: string; fileName: string }[]): Promise<InputRef[]> {
  const rows = new Map(
    (
      await files.getMany(
        deps.db,
        inputs.map((i) => i.fileId),
      )
    ).map((f) => [f.id, f]),
  );
  return inputs.map((i) => {
    const f = rows.get(i.fileId);
    return { position: i.position, fileId: i.fileId, name: i.fileName, size: f ? Number(f.size) : 0, sha256: f?.sha256 ?? '' };
  });
}
