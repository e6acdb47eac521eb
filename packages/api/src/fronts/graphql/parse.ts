import { EVIDENCE_TYPES, evidenceTypes, type EvidenceTypeDescriptor } from '@quarry/vocabulary';
import { evidenceOperationNames } from '../../operations/evidence.js';
import { builder, idOf } from './builder.js';
import { CreateJobPayloadRef, loadJob } from './jobs.js';

const GiB = 2 ** 30;

/** The limits of a parse request in words ("at most 100 files, 1 GiB in all"). */
function limitsText({ limits }: EvidenceTypeDescriptor): string {
  const total = limits.maxTotalBytes === null ? '' : `, ${limits.maxTotalBytes / GiB} GiB in all`;
  return `at most ${limits.maxFiles} files${total}`;
}

/**
 * One parse mutation per evidence type (`parse<operationName>`), with its own input type: the file
 * ids and the descriptor's parse options, as the operations table takes them. Nothing here names a
 * type: a new descriptor brings its mutation.
 */
for (const type of EVIDENCE_TYPES) {
  const descriptor: EvidenceTypeDescriptor = evidenceTypes[type];
  const { parse } = evidenceOperationNames(type);
  const input = builder.inputType(`${parse[0]!.toUpperCase()}${parse.slice(1)}Input`, {
    fields: (t) => ({
      fileIds: t.idList({ description: `The files to parse (${limitsText(descriptor)}).` }),
      // Optional here (false when left out), though REST requires them: GraphQL has defaults.
      ...Object.fromEntries(descriptor.parseOptions.map((o) => [o.name, t.boolean({ required: false, defaultValue: false, description: o.description })])),
    }),
  });
  builder.mutationField(parse, (t) =>
    t.field({
      type: CreateJobPayloadRef,
      description: `Starts a job that parses ${descriptor.documents} and analyses them.`,
      args: { input: t.arg({ type: input }) },
      resolve: async (_root, args, ctx) => {
        const { fileIds, ...options } = args.input as { fileIds: string[] } & Record<string, boolean | null | undefined>;
        const flags = Object.fromEntries(descriptor.parseOptions.map((o) => [o.name, options[o.name] === true]));
        const created = await ctx.run(parse, { fileIds: fileIds.map((id) => idOf('EvidenceFile', id)), ...flags });
        return { job: await loadJob(ctx, created.id) };
      },
    }),
  );
}
