// Runs on the web server's Sigma thread (@quarry/hunting's SigmaThread), never on its event loop:
// a summary re-runs the category's analyzers over up to MAX_SUMMARY_RECORDS stored records.
import type { SigmaRuleSet } from '@quarry/hunting';
import { fanOut, type Insight, type InputRef, type ReaderEvent } from '@quarry/insights';
import { isRecordStoreError, openStoreFile, type RecordStoreErrorCode, type RecordStoreReader, type SearchQuery } from '@quarry/store';
import type { ParseCategory } from '@quarry/vocabulary';

/** Records re-analysed per summary at most: beyond that a summary holds the Sigma thread too long. */
export const MAX_SUMMARY_RECORDS = 250_000;

/** One summary, as it crosses to the thread (plain data; the key stays in memory). */
export interface SummaryInput {
  /** The store file the caller holds open (RecordStoreReader.file): its lease keeps the local copy meanwhile. */
  file: string;
  jobId: string;
  category: ParseCategory;
  jobKey: Uint8Array | null;
  query: SearchQuery;
  /** The job's inputs; empty when the records' inputs are not the job's (a collection's members): they are taken from the records. */
  inputs: InputRef[];
  runSigmaRules: boolean;
}

export type SummaryOutput = { ok: true; insights: Insight[] } | { ok: false; code: 'too-many' | RecordStoreErrorCode; message: string };

class TooManyRecords extends Error {}

/** The job's insights rebuilt over the matching records; `rules` is the thread's compiled Sigma set (used only when the job ran Sigma). */
export async function runSigmaThreadTask(input: unknown, rules: SigmaRuleSet): Promise<SummaryOutput> {
  const job = input as SummaryInput;
  let reader: RecordStoreReader<ParseCategory> | undefined;
  try {
    reader = openStoreFile(job.file, job.jobId, job.category, job.jobKey && Buffer.from(job.jobKey));
    // Filled as records name them when the job's inputs are not given.
    const inputs = [...job.inputs];
    const { insights } = await fanOut({
      category: job.category,
      inputs,
      options: { runSigmaRules: job.runSigmaRules },
      events: storedEvents(reader, job.query, inputs, job.inputs.length === 0),
      sigmaRules: job.category === 'winevtx' && job.runSigmaRules ? rules.current() : undefined,
    });
    return { ok: true, insights };
  } catch (err) {
    if (err instanceof TooManyRecords) return { ok: false, code: 'too-many', message: err.message };
    if (isRecordStoreError(err)) return { ok: false, code: err.code, message: err.message };
    throw err;
  } finally {
    reader?.close();
  }
}

/** Matching records as pipeline events, then one report per input (the analyzers count from them). */
async function* storedEvents<C extends ParseCategory>(
  reader: RecordStoreReader<C>,
  q: SearchQuery,
  refs: InputRef[],
  fromRecords: boolean,
): AsyncGenerator<ReaderEvent<C>> {
  const counts = new Map<number, number>();
  let n = 0;
  for (const { record, input } of reader.records(q)) {
    if (++n > MAX_SUMMARY_RECORDS)
      throw new TooManyRecords(`More than ${MAX_SUMMARY_RECORDS} records match: narrow the search, the filters or the time window`);
    if (fromRecords && !counts.has(input.position)) refs.push(input);
    counts.set(input.position, (counts.get(input.position) ?? 0) + 1);
    yield { type: 'record', record, input };
  }
  for (const ref of refs) {
    yield {
      type: 'done',
      report: {
        input: ref,
        records: counts.get(ref.position) ?? 0,
        warnings: [],
        error: null,
        facts: { matched_records: String(counts.get(ref.position) ?? 0) },
      },
    };
  }
}
