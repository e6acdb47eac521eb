import { z } from 'zod';

export type JsonSchema = Record<string, unknown>;

const DEFS = '#/$defs/';
const COMPONENTS = '#/components/schemas/';

/** Points the `$defs` references zod writes at the document's components instead. */
function rewriteRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rewriteRefs);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      k,
      k === '$ref' && typeof v === 'string' && v.startsWith(DEFS) ? COMPONENTS + v.slice(DEFS.length) : rewriteRefs(v),
    ]),
  );
}

/**
 * Zod schemas as OpenAPI 3.1 schema objects (JSON Schema 2020-12, through zod's own converter).
 * A schema named with `.meta({id})` becomes one entry of `components.schemas` and is referenced
 * wherever it is used, so the insight union is written once for every endpoint that returns it.
 */
export class SchemaComponents {
  readonly schemas: Record<string, JsonSchema> = {};

  /** `io`: request bodies are described as accepted (defaults optional), responses as sent. */
  convert(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
    const {
      $schema: _dialect,
      $defs,
      ...root
    } = z.toJSONSchema(schema, { target: 'draft-2020-12', io }) as JsonSchema & { $defs?: Record<string, JsonSchema> };
    for (const [id, def] of Object.entries($defs ?? {})) this.add(id, rewriteRefs(def) as JsonSchema);
    return rewriteRefs(root) as JsonSchema;
  }

  private add(id: string, schema: JsonSchema): void {
    const known = this.schemas[id];
    // The same id read as input and as output must mean one thing, or one $ref would lie.
    if (known && JSON.stringify(known) !== JSON.stringify(schema)) throw new Error(`OpenAPI schema ${id} has two different shapes`);
    this.schemas[id] = schema;
  }
}
