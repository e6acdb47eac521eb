import { lookupParamsSchema } from '@quarry/reference';
import { LOOKUP_MODULES, isLookupModule } from '@quarry/vocabulary';
import { z } from 'zod';
import { AppError } from '../errors/app-error.js';
import { lookupReference } from '../lookups/lookup-reference.js';
import { getRuleSets } from '../rules/get-rule-sets.js';
import { retrieveRules } from '../rules/retrieve-rules.js';
import { retrieveRulesSchema } from '../rules/retrieve-rules.schema.js';
import { createScanJob } from '../scans/create-scan-job.js';
import { createScanJobSchema } from '../scans/create-scan-job.schema.js';
import { scanData } from '../scans/scan-data.js';
import { scanDataSchema } from '../scans/scan-data.schema.js';
import { SCAN_CATEGORY } from '../scans/scan-params.js';
import { noInput, operation } from './operation.js';

export const lookupOperation = operation({
  name: 'lookup',
  kind: 'query',
  summary: 'Reference data on Windows executables (file_name) and event ids (event_id).',
  access: 'anyone',
  key: 'ignored',
  transport: 'json',
  input: lookupParamsSchema.extend({ module: z.enum(LOOKUP_MODULES) }),
  // The contract answers an unknown module on its own (400) and any other problem as 422.
  invalid: (raw) => {
    const module = (raw as { module?: unknown } | null | undefined)?.module;
    return typeof module === 'string' && !isLookupModule(module)
      ? new AppError('BAD_REQUEST', 'Unknown lookup module')
      : new AppError('VALIDATION_FAILED', 'Validation failed');
  },
  run: (ctx, input) => lookupReference(ctx.deps, ctx.caller, input),
});

export const scanFilesOperation = operation({
  name: 'scanFiles',
  kind: 'mutation',
  summary: 'Starts a YARA or Sigma scan job over uploaded files, with the community rules or the caller’s own rule (base64).',
  access: 'anyone',
  key: 'optional',
  transport: 'json',
  input: createScanJobSchema,
  run: (ctx, input) =>
    createScanJob(
      ctx.deps,
      ctx.caller,
      ctx.clientKey,
      { category: SCAN_CATEGORY[input.engine], fileIds: input.fileIds, operation: input.operation, rule: input.rule },
      ctx.clientAddress,
    ),
});

export const scanDataOperation = operation({
  name: 'scanData',
  kind: 'mutation',
  summary: 'Scans base64 test data now with YARA or Sigma (no job; results in the answer).',
  access: 'anyone',
  key: 'ignored',
  transport: 'json',
  input: scanDataSchema,
  run: (ctx, input) => scanData(ctx.deps, ctx.caller, input, ctx.clientAddress),
});

export const retrieveRulesOperation = operation({
  name: 'retrieveRules',
  kind: 'query',
  summary: 'The text of community rules by exact name (any unknown name fails the request).',
  access: 'anyone',
  key: 'ignored',
  transport: 'json',
  input: retrieveRulesSchema,
  run: (ctx, input) => retrieveRules(ctx.deps, input),
});

export const ruleSetsOperation = operation({
  name: 'ruleSets',
  kind: 'query',
  summary: 'The rule sets this server has loaded, and what the last fetch or import did.',
  access: 'anyone',
  key: 'ignored',
  transport: 'json',
  input: noInput,
  run: (ctx) => getRuleSets(ctx.deps),
});
