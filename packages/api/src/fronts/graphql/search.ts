import { jobs } from '@quarry/db';
import type { IndexTableEntry } from '@quarry/insights';
import type { RecordFilter } from '@quarry/store';
import { isParseCategory, type ParseCategory } from '@quarry/vocabulary';
import { isUuid } from '../../auth/formats.js';
import { AppError } from '../../errors/app-error.js';
import { evidenceOperationNames } from '../../operations/evidence.js';
import type { RecordPage, SearchSummary } from '../../search/search-records.js';
import { builder, idOf } from './builder.js';
import type { GraphqlContext } from './context.js';
import { EvidenceTypeEnum, FilterOperatorEnum } from './enums.js';
import { InsightRef, KeyValueRef, keyValues } from './insights.js';
import { MAX_PAGE } from './paging.js';

/**
 * Searches read the job's record store through the same service as REST. REST pages by page (1-10)
 * and show (1-100); here cursors are offsets into the same window, so a search reaches the first
 * 1,000 matches, as REST does.
 */
const SEARCH_WINDOW = 1_000;
const STORE_PAGE = 100;

export const RecordFilterInput = builder.inputType('RecordFilterInput', {
  fields: (t) => ({
    field: t.string({ description: 'A column or detail field of the evidence type ("details.TargetUserName").' }),
    operator: t.field({ type: FilterOperatorEnum }),
    value: t.string(),
  }),
});

const SearchRecordsInput = builder.inputType('SearchRecordsInput', {
  description: 'What to match in a Completed parse job: every part is ANDed.',
  fields: (t) => ({
    jobId: t.id({ description: 'A Completed parse job.' }),
    search: t.string({ defaultValue: '', description: 'Free text (at most 1,024 characters); empty matches every record.' }),
    filters: t.field({ type: [RecordFilterInput], defaultValue: [], description: 'At most 32.' }),
    startTime: t.field({ type: 'DateTime', required: false }),
    endTime: t.field({ type: 'DateTime', required: false }),
    evidenceType: t.field({
      type: EvidenceTypeEnum,
      required: false,
      description: "Whose records to search: the job's own type by default; a triage job also holds each member type's.",
    }),
  }),
});

interface SearchArgs {
  jobId: string;
  evidenceType?: ParseCategory | null;
  search: string;
  filters: RecordFilter[];
  startTime?: Date | null;
  endTime?: Date | null;
}

/** The operation's camelCase input; its schema checks lengths, counts and the time range. */
function operationInput(input: SearchArgs, browseEvents: boolean, page: number, show: number) {
  return {
    jobId: idOf('Job', input.jobId),
    search: input.search,
    browseEvents,
    filter: input.filters,
    page,
    show,
    ...(input.startTime ? { startTime: input.startTime.getTime() } : {}),
    ...(input.endTime ? { endTime: input.endTime.getTime() } : {}),
  };
}

/**
 * Which evidence type's search operation to run: the job's own (read from its row; the operation
 * then checks access and status, and answers an unreadable job as "Job not found").
 */
async function categoryOf(ctx: GraphqlContext, jobId: string): Promise<ParseCategory> {
  const job = isUuid(jobId) ? await jobs.get(ctx.deps.db, jobId.toLowerCase()) : null;
  if (!job) throw new AppError('BAD_REQUEST', 'Job not found');
  if (!isParseCategory(job.category)) throw new AppError('BAD_REQUEST', 'Job is not a parse job');
  return job.category;
}

async function search(ctx: GraphqlContext, input: SearchArgs, browseEvents: boolean, page: number, show: number): Promise<RecordPage | SearchSummary> {
  const op = operationInput(input, browseEvents, page, show);
  return ctx.run(evidenceOperationNames(input.evidenceType ?? (await categoryOf(ctx, op.jobId))).search, op);
}

async function recordPage(ctx: GraphqlContext, input: SearchArgs, page: number): Promise<RecordPage> {
  const result = await search(ctx, input, true, page, STORE_PAGE);
  if (result.kind !== 'records') throw new Error('a records search answered a summary');
  return result;
}

const RecordRef = builder.objectRef<IndexTableEntry>('Record').implement({
  description: 'One record: a cell per column of the connection but the last, and its details.',
  fields: (t) => ({
    cells: t.stringList({ resolve: (r) => r[0] }),
    details: t.field({ type: [KeyValueRef], resolve: (r) => keyValues(r[1]) }),
  }),
});

const cursorOf = (offset: number) => Buffer.from(`offset:${offset}`).toString('base64url');
function offsetOf(cursor: string | null | undefined): number {
  if (cursor === null || cursor === undefined) return -1;
  const m = /^offset:(\d+)$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!m) throw new AppError('BAD_REQUEST', `Invalid cursor ${cursor}`);
  return Number(m[1]);
}

interface RecordConnectionShape {
  title: string;
  columns: string[];
  totalCount: number;
  edges: { cursor: string; node: IndexTableEntry }[];
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };
}

const RecordEdgeRef = builder.objectRef<RecordConnectionShape['edges'][number]>('RecordEdge').implement({
  fields: (t) => ({ cursor: t.exposeString('cursor'), node: t.field({ type: RecordRef, resolve: (e) => e.node }) }),
});

const RecordConnectionRef = builder.objectRef<RecordConnectionShape>('RecordConnection').implement({
  description: 'Matching records, oldest first, as a Relay connection over the first 1,000 matches.',
  fields: (t) => ({
    title: t.exposeString('title'),
    columns: t.exposeStringList('columns', { description: 'Column names; the last names the details.' }),
    totalCount: t.exposeInt('totalCount', { description: 'All matches, also beyond the 1,000 a connection reaches.' }),
    // searchRecords already multiplies by its page size: the edges must not multiply again.
    edges: t.field({ type: [RecordEdgeRef], complexity: { field: 1, multiplier: 1 }, resolve: (c) => c.edges }),
    pageInfo: t.field({ type: builder.pageInfoRef(), resolve: (c) => c.pageInfo }),
  }),
});

builder.queryFields((t) => ({
  searchRecords: t.field({
    type: RecordConnectionRef,
    description: 'Records of a Completed parse job that match, page by page (REST: search with browse_events true).',
    args: { input: t.arg({ type: SearchRecordsInput }), first: t.arg.int({ required: false }), after: t.arg.string({ required: false }) },
    complexity: (args) => ({ field: 5, multiplier: args.first ?? 20 }),
    resolve: async (_root, args, ctx) => {
      const first = args.first ?? 20;
      if (first < 1 || first > MAX_PAGE) throw new AppError('BAD_REQUEST', `first must be from 1 to ${MAX_PAGE}`);
      const start = offsetOf(args.after) + 1;
      if (start >= SEARCH_WINDOW) throw new AppError('BAD_REQUEST', `a search reaches the first ${SEARCH_WINDOW} matches: narrow it`);
      const end = Math.min(start + first, SEARCH_WINDOW);
      // The store serves pages of 100: the window [start, end) spans at most two of them.
      const firstPage = Math.floor(start / STORE_PAGE) + 1;
      const lastPage = Math.floor((end - 1) / STORE_PAGE) + 1;
      const pages = [await recordPage(ctx, args.input, firstPage)];
      if (lastPage !== firstPage && pages[0]!.total > lastPage * STORE_PAGE - STORE_PAGE) pages.push(await recordPage(ctx, args.input, lastPage));
      const rows = pages.flatMap((p) => p.entries).slice(start - (firstPage - 1) * STORE_PAGE, end - (firstPage - 1) * STORE_PAGE);
      const { title, columns, total } = pages[0]!;
      const edges = rows.map((node, i) => ({ cursor: cursorOf(start + i), node }));
      return {
        title,
        columns,
        totalCount: total,
        edges,
        pageInfo: {
          hasNextPage: start + rows.length < Math.min(total, SEARCH_WINDOW),
          hasPreviousPage: start > 0,
          startCursor: edges[0]?.cursor ?? null,
          endCursor: edges.at(-1)?.cursor ?? null,
        },
      };
    },
  }),
  searchInsights: t.field({
    type: [InsightRef],
    description: "The job's insights rebuilt over the matching records only (REST: search with browse_events false).",
    args: { input: t.arg({ type: SearchRecordsInput }) },
    complexity: { field: 50, multiplier: 20 },
    resolve: async (_root, args, ctx) => {
      const result = await search(ctx, args.input, false, 1, 10);
      if (result.kind !== 'summary') throw new Error('an insight search answered records');
      return result.job.insights ?? [];
    },
  }),
}));
