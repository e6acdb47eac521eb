import { z } from 'zod';

const snake = (name: string): string => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const camel = (name: string): string => name.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());

/**
 * A field the contract checks later than its type (in the service, in the contract's order): the
 * body accepts any value of it, and `toInput` turns what was sent into an input value that the
 * service answers exactly as it answered the raw value.
 */
export interface LooseField {
  schema: z.ZodType;
  toInput: (value: unknown) => unknown;
}

const NO_IDS = 'No file IDs provided';
/**
 * File ids: any list that is not empty. An id that is not a string can name no file: it becomes
 * '' (never a UUID), so the service's ordered checks (count, then format) answer as for the raw
 * value, never String(value), which could spell a UUID.
 */
export const looseFileIds: LooseField = {
  schema: z.array(z.unknown(), { error: NO_IDS }).min(1, { error: NO_IDS }),
  toInput: (ids) => (ids as unknown[]).map((id) => (typeof id === 'string' ? id : '')),
};

/** A scan's rule: anything; one that is not a string is no rule (the service's "Rule is required"). */
export const looseRule: LooseField = {
  schema: z.unknown().optional(),
  toInput: (rule) => (typeof rule === 'string' ? rule : undefined),
};

/**
 * The spec's body for an operation: the operation's input fields under snake_case names and in
 * the same order (zod reports the first problem in field order, as the contract does), without
 * those taken from the path, and loose where the contract checks later.
 */
export function snakeBody(input: z.ZodObject, options: { omit?: readonly string[]; loose?: Record<string, LooseField> } = {}): z.ZodObject {
  const fields: Record<string, z.ZodType> = {};
  for (const [name, field] of Object.entries(input.shape)) {
    if (options.omit?.includes(name)) continue;
    fields[snake(name)] = options.loose?.[name]?.schema ?? (field as z.ZodType);
  }
  return z.object(fields);
}

/** A checked snake_case body back under the operation's names, loose fields made input values. */
export function camelInput(body: unknown, loose: Record<string, LooseField> = {}): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(body as Record<string, unknown>)) {
    const key = camel(name);
    out[key] = loose[key] ? loose[key].toInput(value) : value;
  }
  return out;
}
