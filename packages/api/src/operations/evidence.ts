import { EVIDENCE_TYPES, evidenceTypes, type EvidenceType } from '@quarry/vocabulary';
import { createParseJob, type CreatedJob } from '../jobs/create-parse-job.js';
import { createParseJobSchemas, parseJobInput, type ParseJobSchema } from '../jobs/create-parse-job.schema.js';
import { searchRecords, type RecordPage, type SearchSummary } from '../search/search-records.js';
import { searchInput, searchRecordsSchema } from '../search/search-records.schema.js';
import { operation, type Operation } from './operation.js';

/** What a type's operation names append (its descriptor's `operationName`: `Evtx`, `Registry`, …). */
type NameOf<T extends EvidenceType> = (typeof evidenceTypes)[T]['operationName'];

/** The operation names of one evidence type: parse<Name>, search<Name> (REST and GraphQL find them by type). */
export const evidenceOperationNames = <T extends EvidenceType>(type: T) => ({
  parse: `parse${evidenceTypes[type].operationName}` as `parse${NameOf<T>}`,
  search: `search${evidenceTypes[type].operationName}` as `search${NameOf<T>}`,
});

/** Each evidence type's two operations under their own names, with that type's own input. */
export type ParseOperations = { [T in EvidenceType as `parse${NameOf<T>}`]: Operation<`parse${NameOf<T>}`, ParseJobSchema<T>, CreatedJob, 'mutation', 'json'> };
export type SearchOperations = {
  [T in EvidenceType as `search${NameOf<T>}`]: Operation<`search${NameOf<T>}`, typeof searchRecordsSchema, RecordPage | SearchSummary, 'query', 'json'>;
};

/** Starting a parse job of one evidence type. */
const parseOperation = (type: EvidenceType) =>
  operation({
    name: evidenceOperationNames(type).parse,
    kind: 'mutation',
    summary: `Starts a parse job over uploaded files of ${evidenceTypes[type].expected} (private when any input is private).`,
    access: 'anyone',
    key: 'optional',
    transport: 'json',
    input: createParseJobSchemas[type] as ParseJobSchema<EvidenceType>,
    run: (ctx, input) => createParseJob(ctx.deps, ctx.caller, ctx.clientKey, parseJobInput(type, input)),
  });

/** Searching the records of one evidence type's completed parse job. */
const searchOperation = (type: EvidenceType) =>
  operation({
    name: evidenceOperationNames(type).search,
    kind: 'query',
    summary: `Searches a completed ${evidenceTypes[type].label} parse job: a page of its ${evidenceTypes[type].search.title}, or the insights rebuilt over the matching records.`,
    access: 'anyone',
    key: 'optional',
    transport: 'json',
    input: searchRecordsSchema,
    run: (ctx, input) => searchRecords(ctx.deps, ctx.caller, ctx.clientKey, type, searchInput(input)),
  });

// Built from the evidence-type descriptors, so a new type gets both operations (and every front's
// endpoint, procedure and field) without a line here; the mapped types above name each one.
export const parseOperations = Object.fromEntries(
  EVIDENCE_TYPES.map((t) => [evidenceOperationNames(t).parse, parseOperation(t)]),
) as unknown as ParseOperations;
export const searchOperations = Object.fromEntries(
  EVIDENCE_TYPES.map((t) => [evidenceOperationNames(t).search, searchOperation(t)]),
) as unknown as SearchOperations;
