import type { ParseCategory } from '@quarry/vocabulary';
import { evidenceOperationNames } from '../../operations/evidence.js';
import { builder, idOf } from './builder.js';
import { CreateJobPayloadRef, loadJob } from './jobs.js';

/**
 * One parse mutation per evidence type, each with its own input type; typed by ParseCategory, so an
 * evidence type without its mutation fails to compile.
 */
const PARSE_MUTATIONS: Record<ParseCategory, { field: string; label: string; limits: string; sigma: boolean }> = {
  winevtx: { field: 'parseEvtx', label: 'Windows event logs (.evtx)', limits: 'at most 100 files, 1 GiB in all', sigma: true },
  registry: { field: 'parseRegistry', label: 'registry hives', limits: 'at most 50 files', sigma: false },
  prefetch: { field: 'parsePrefetch', label: 'prefetch files (.pf)', limits: 'at most 100 files', sigma: false },
};

for (const [category, m] of Object.entries(PARSE_MUTATIONS) as [ParseCategory, (typeof PARSE_MUTATIONS)[ParseCategory]][]) {
  const typeName = `${m.field[0]!.toUpperCase()}${m.field.slice(1)}Input`;
  const input = builder.inputType(typeName, {
    fields: (t) => ({
      fileIds: t.idList({ description: `The files to parse (${m.limits}).` }),
      ...(m.sigma
        ? { runSigmaRules: t.boolean({ required: false, defaultValue: false, description: 'Also run the community Sigma rules over every event.' }) }
        : {}),
    }),
  });
  builder.mutationField(m.field, (t) =>
    t.field({
      type: CreateJobPayloadRef,
      description: `Starts a job that parses ${m.label} and analyses them.`,
      args: { input: t.arg({ type: input }) },
      resolve: async (_root, args, ctx) => {
        const fields = args.input as { fileIds: string[]; runSigmaRules?: boolean | null };
        const fileIds = fields.fileIds.map((id) => idOf('EvidenceFile', id));
        const created = await ctx.run(
          evidenceOperationNames(category).parse,
          m.sigma ? { fileIds, runSigmaRules: fields.runSigmaRules === true } : { fileIds },
        );
        return { job: await loadJob(ctx, created.id) };
      },
    }),
  );
}
