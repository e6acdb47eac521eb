import type { DataScanMatch, DataScanResult } from '../../scans/scan-data.js';
import { builder, idOf } from './builder.js';
import { ScanEngineEnum, SigmaLevelEnum, SIGMA_LEVELS } from './enums.js';
import { CreateJobPayloadRef, loadJob } from './jobs.js';

/** With a rule the caller's rule runs, without one the community rules (REST's `operation`). */
const ruleChoice = (rule: string | null | undefined) =>
  rule === null || rule === undefined ? { operation: 'run_community_rules' } : { operation: 'run_rule', rule };

const RuleMatchRef = builder.objectRef<DataScanMatch>('RuleMatch').implement({
  description: 'A rule that matched.',
  fields: (t) => ({
    rule: t.exposeString('rule', { description: 'YARA: the rule identifier; Sigma: the rule title.' }),
    description: t.exposeString('description'),
    author: t.exposeString('author'),
    tags: t.exposeStringList('tags'),
    level: t.field({
      type: SigmaLevelEnum,
      nullable: true,
      description: 'Sigma only (null for YARA).',
      resolve: (m) => ((SIGMA_LEVELS as readonly string[]).includes(m.level) ? (m.level as (typeof SIGMA_LEVELS)[number]) : null),
    }),
  }),
});

type Matches = Extract<DataScanResult, { kind: 'matches' }>;
type Failure = Extract<DataScanResult, { kind: 'error' }>;

const ScanMatchesRef = builder.objectRef<Matches>('ScanMatches').implement({
  isTypeOf: (r) => (r as DataScanResult).kind === 'matches',
  fields: (t) => ({
    custom: t.exposeBoolean('custom', { description: "True when the caller's rule ran, false for the community rules." }),
    matches: t.field({ type: [RuleMatchRef], resolve: (r) => r.matches }),
    warnings: t.stringList({ description: "Compiler warnings on the caller's YARA rule.", resolve: (r) => (r.warnings === '' ? [] : r.warnings.split('\n')) }),
    customRule: t.string({ nullable: true, description: "The caller's rule text, decoded.", resolve: (r) => r.customRule ?? null }),
  }),
});

const ScanErrorRef = builder.objectRef<Failure>('ScanError').implement({
  description: 'The scan could not run: a rule that does not compile, data over the limit, a scan past its time limit.',
  isTypeOf: (r) => (r as DataScanResult).kind === 'error',
  fields: (t) => ({ message: t.exposeString('message') }),
});

const ScanDataResultRef = builder.unionType('ScanDataResult', { types: [ScanMatchesRef, ScanErrorRef] });

const ScanDataInput = builder.inputType('ScanDataInput', {
  fields: (t) => ({
    engine: t.field({ type: ScanEngineEnum }),
    testData: t.string({ description: 'The data to scan, base64 (at most 10 MiB decoded).' }),
    rule: t.string({ required: false, description: "A rule of the caller's, base64 of UTF-8 text; without it the community rules run." }),
  }),
});

const ScanFilesInput = builder.inputType('ScanFilesInput', {
  fields: (t) => ({
    engine: t.field({ type: ScanEngineEnum }),
    fileIds: t.idList({ description: 'Files to scan (YARA: at most 100 / 250 MiB; Sigma: at most 100 / 1 GiB).' }),
    rule: t.string({ required: false, description: "A rule of the caller's, base64 of UTF-8 text; without it the community rules run." }),
  }),
});

builder.mutationFields((t) => ({
  scanData: t.field({
    type: ScanDataResultRef,
    description: "Scans test data now with YARA or Sigma; no job. Takes one unit of the caller's inline-scan quota.",
    args: { input: t.arg({ type: ScanDataInput }) },
    resolve: (_root, { input }, ctx) => ctx.run('scanData', { engine: input.engine, testData: input.testData, ...ruleChoice(input.rule) }),
  }),
  scanFiles: t.field({
    type: CreateJobPayloadRef,
    description: 'Starts a YARA or Sigma scan of files as a job.',
    args: { input: t.arg({ type: ScanFilesInput }) },
    resolve: async (_root, { input }, ctx) => {
      const created = await ctx.run('scanFiles', {
        engine: input.engine,
        fileIds: input.fileIds.map((id) => idOf('EvidenceFile', id)),
        ...ruleChoice(input.rule),
      });
      return { job: await loadJob(ctx, created.id) };
    },
  }),
}));
