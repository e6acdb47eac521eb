import { PARSE_CATEGORIES, type ParseCategory } from '@quarry/vocabulary';
import { createParseJob, type CreatedJob } from '../jobs/create-parse-job.js';
import { createParseJobSchemas, parseJobInput } from '../jobs/create-parse-job.schema.js';
import { searchRecords, type RecordPage, type SearchSummary } from '../search/search-records.js';
import { searchInput, searchRecordsSchema } from '../search/search-records.schema.js';
import { operation, type Operation } from './operation.js';

const capitalize = <S extends string>(s: S): Capitalize<S> => (s.charAt(0).toUpperCase() + s.slice(1)) as Capitalize<S>;

/** The operation names of one evidence type (REST and GraphQL find their operations by type). */
export const evidenceOperationNames = <C extends ParseCategory>(category: C) => ({
  parse: `parse${capitalize(category)}` as `parse${Capitalize<C>}`,
  search: `search${capitalize(category)}` as `search${Capitalize<C>}`,
});

type ParseSchemas = typeof createParseJobSchemas;

/** Each evidence type's two operations under their own names, with that type's own input. */
export type ParseOperations = { [C in ParseCategory as `parse${Capitalize<C>}`]: Operation<`parse${Capitalize<C>}`, ParseSchemas[C], CreatedJob, 'mutation', 'json'> };
export type SearchOperations = {
  [C in ParseCategory as `search${Capitalize<C>}`]: Operation<`search${Capitalize<C>}`, typeof searchRecordsSchema, RecordPage | SearchSummary, 'query', 'json'>;
};

/** Starting a parse job of one evidence type. */
const parseOperation = (category: ParseCategory) =>
  operation({
    name: evidenceOperationNames(category).parse,
    kind: 'mutation',
    summary: `Starts a ${category} parse job over uploaded files (private when any input is private).`,
    access: 'anyone',
    key: 'optional',
    transport: 'json',
    input: createParseJobSchemas[category],
    run: (ctx, input) => createParseJob(ctx.deps, ctx.caller, ctx.clientKey, parseJobInput(category, input)),
  });

/** Searching the records of one evidence type's completed parse job. */
const searchOperation = (category: ParseCategory) =>
  operation({
    name: evidenceOperationNames(category).search,
    kind: 'query',
    summary: `Searches a completed ${category} parse job: a page of records, or the insights rebuilt over the matching ones.`,
    access: 'anyone',
    key: 'optional',
    transport: 'json',
    input: searchRecordsSchema,
    run: (ctx, input) => searchRecords(ctx.deps, ctx.caller, ctx.clientKey, category, searchInput(input)),
  });

// Built from the list of evidence types, so a new type gets both operations (and every front's
// endpoint, procedure and field) without a line here; the mapped types above name each one.
export const parseOperations = Object.fromEntries(PARSE_CATEGORIES.map((c) => [evidenceOperationNames(c).parse, parseOperation(c)])) as unknown as ParseOperations;
export const searchOperations = Object.fromEntries(PARSE_CATEGORIES.map((c) => [evidenceOperationNames(c).search, searchOperation(c)])) as unknown as SearchOperations;
