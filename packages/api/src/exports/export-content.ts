import {
  csvRows,
  csvSearchResults,
  ecsBulk,
  insightRows,
  insightTable,
  insightTitle,
  isExportError,
  jsonlInsightRows,
  jsonlJob,
  jsonlRecords,
  sigmaCsv,
  sigmaJsonl,
  timesketchLines,
  type ExportFormat,
  type JobRecord,
} from '@quarry/exports';
import type { Insight } from '@quarry/insights';
import type { JobDto } from '@quarry/db';
import { readInsights, type RecordQuery, type RecordStoreReader } from '@quarry/store';
import { isParseCategory, type ParseCategory } from '@quarry/vocabulary';
import type { ServiceDeps } from '../deps.js';
import { AppError } from '../errors/app-error.js';
import { openStore, storeCall } from '../search/search-records.js';
import { exportQuery, isNarrowed, type ExportJobInput } from './export-job.schema.js';
import { evtxEvents, sigmaMatches, sigmaRulesOf, timelineRows } from './evtx-sources.js';
import { jobRecordOf } from './job-records.js';

/** What an export sends, not yet started: its text chunks, and what to release when they end. */
export interface ExportContent {
  chunks: AsyncIterable<string>;
  close: () => void;
}

const NO_RECORDS = 'Job has no searchable records';
const NOT_NARROWED = 'timesketch exports the job\u2019s timelines whole: search, filter and time window do not apply';

/** ECS and Sigma matches are of EVTX events. */
function evtxReader(reader: RecordStoreReader<ParseCategory> | null, format: ExportFormat): RecordStoreReader<ParseCategory> {
  if (!reader || reader.category !== 'winevtx') throw new AppError('BAD_REQUEST', `${format} exports EVTX events: this job has none`);
  return reader;
}

/**
 * Decides what an export holds and checks it can be written, before any byte is sent (so a bad
 * request is still answered with its status): the named insight exists and fits the format, the
 * query is one the search accepts. The chunks are produced only as they are pulled.
 */
export async function exportContent(deps: ServiceDeps, job: JobDto, jobKey: Buffer | null, input: ExportJobInput): Promise<ExportContent> {
  const insights = (await readInsights(deps.db, job.id, jobKey)) ?? [];
  if (input.insight !== undefined) return insightContent(job, pickInsight(insights, input.insight), input);
  const query = exportQuery(input);
  const reader = isParseCategory(job.category) ? await openStore(deps, job.id, job.category, jobKey) : null;
  try {
    // The search's own check of the query (unknown fields, bad operators) while errors can still be answered.
    if (reader) storeCall(() => reader.search({ ...query, page: 1, show: 1 }));
    return { chunks: recordsContent(input.format, job, reader, insights, query, input.bom), close: () => reader?.close() };
  } catch (err) {
    reader?.close();
    throw err;
  }
}

function pickInsight(insights: readonly Insight[], title: string): Insight {
  const found = insights.find((i) => insightTitle(i) === title);
  if (!found) throw new AppError('NOT_FOUND', `Insight not found: ${title}`);
  return found;
}

/** One insight: CSV of its table, or JSONL of its rows with their provenance. */
function insightContent(job: JobDto, insight: Insight, input: ExportJobInput): ExportContent {
  const none = () => undefined;
  switch (input.format) {
    case 'csv': {
      const table = tabular(insight);
      return { chunks: csvRows(table.columns, table.rows, { bom: input.bom }), close: none };
    }
    case 'jsonl':
      return { chunks: jsonlInsightRows(insightRows([insight], job.id)), close: none };
    case 'timesketch':
      if (!('Timeline' in insight)) throw new AppError('BAD_REQUEST', 'timesketch exports timelines: the insight is not one');
      return { chunks: timesketchLines(timelineRows([insight])), close: none };
    default:
      throw new AppError('BAD_REQUEST', `insight applies to the csv, jsonl and timesketch formats, not ${input.format}`);
  }
}

function tabular(insight: Insight): ReturnType<typeof insightTable> {
  try {
    // An IndexTable's last column names its details (as REST shows it); the writer adds `Details` for them.
    if ('IndexTable' in insight) return insightTable({ IndexTable: { ...insight.IndexTable, columns: insight.IndexTable.columns.slice(0, -1) } });
    return insightTable(insight);
  } catch (err) {
    if (isExportError(err)) throw new AppError('BAD_REQUEST', `Insight is not a table: ${err.message}`);
    throw err;
  }
}

/** The job's records (narrowed by the query): CSV of the search's rows, JSONL of the records (whole job: then every insight row). */
function recordsContent(
  format: ExportFormat,
  job: JobDto,
  reader: RecordStoreReader<ParseCategory> | null,
  insights: readonly Insight[],
  query: RecordQuery,
  bom: boolean,
): AsyncIterable<string> {
  switch (format) {
    case 'csv':
      if (!reader) throw new AppError('BAD_REQUEST', NO_RECORDS);
      // The table's last column names its details, which the writer heads `Details`.
      return csvSearchResults(reader.table.columns.slice(0, -1), reader.entries(query), { bom });
    case 'jsonl': {
      const records = reader ? storedRecords(reader, query) : [];
      return isNarrowed(query) ? jsonlRecords(records) : jsonlJob(records, insightRows(insights, job.id));
    }
    case 'timesketch':
      // Timelines are insights: the query does not narrow them.
      if (isNarrowed(query)) throw new AppError('BAD_REQUEST', NOT_NARROWED);
      return timesketchLines(timelineRows(insights));
    case 'ecs':
      return ecsBulk(evtxEvents(evtxReader(reader, format), query, sigmaRulesOf(insights)));
    case 'sigma-csv':
    case 'sigma-jsonl': {
      const rules = sigmaRulesOf(insights);
      if (rules.size === 0) throw new AppError('BAD_REQUEST', 'Job has no Sigma matches (it ran without Sigma rules, or none matched)');
      const matches = sigmaMatches(evtxReader(reader, format), query, rules);
      return format === 'sigma-csv' ? sigmaCsv(matches, { bom }) : sigmaJsonl(matches);
    }
  }
}

function* storedRecords(reader: RecordStoreReader<ParseCategory>, query: RecordQuery): Generator<JobRecord> {
  for (const stored of reader.records(query)) yield jobRecordOf(reader.category, stored);
}
