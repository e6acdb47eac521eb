import { z } from 'zod';
import { EVIDENCE_TYPES, evidenceTypes, type EvidenceType } from '@quarry/vocabulary';

const NO_IDS = 'No file IDs provided';

/**
 * File ids as sent: presence only. Their count, format and access are checked in the service, in
 * the contract's order (count before format), so the answer never depends on which front asked.
 */
export const fileIdList = z.array(z.string({ error: 'Failed to download file' }), { error: NO_IDS }).min(1, { error: NO_IDS });

type ParseOptionOf<T extends EvidenceType> = (typeof evidenceTypes)[T]['parseOptions'][number];
/** One field per parse option of the type's descriptor (every option is a boolean today). */
type OptionFields<T extends EvidenceType> = {
  [O in ParseOptionOf<T> as O['name']]: O['required'] extends true ? z.ZodBoolean : z.ZodOptional<z.ZodBoolean>;
};
export type ParseJobSchema<T extends EvidenceType> = z.ZodObject<{ fileIds: typeof fileIdList } & OptionFields<T>>;

function parseJobSchema(type: EvidenceType): z.ZodObject {
  const options = evidenceTypes[type].parseOptions.map((o) => {
    const flag = z.boolean({ error: o.invalidMessage });
    return [o.name, o.required ? flag : flag.optional()] as const;
  });
  return z.object({ fileIds: fileIdList, ...Object.fromEntries(options) });
}

/** Each evidence type's parse input: the file ids and the options its descriptor lists. */
export const createParseJobSchemas = Object.fromEntries(EVIDENCE_TYPES.map((t) => [t, parseJobSchema(t)])) as unknown as {
  [T in EvidenceType]: ParseJobSchema<T>;
};

/** The parsed input of any one type. */
export type ParseJobParams = { [T in EvidenceType]: z.output<ParseJobSchema<T>> }[EvidenceType];

export interface CreateParseJobInput {
  category: EvidenceType;
  fileIds: string[];
  /** The type's parse options by name (`runSigmaRules`); one left out is false. */
  options: Record<string, boolean | undefined>;
}

/** One type's input as the service takes it. */
export function parseJobInput(category: EvidenceType, params: ParseJobParams): CreateParseJobInput {
  const { fileIds, ...options } = params as { fileIds: string[] } & Record<string, unknown>;
  return { category, fileIds, options: options as Record<string, boolean | undefined> };
}
