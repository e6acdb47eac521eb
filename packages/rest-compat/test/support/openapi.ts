import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

type Doc = { paths: Record<string, Record<string, Operation>>; components: Record<string, unknown> };
interface Operation {
  operationId: string;
  responses: Record<string, { content?: Record<string, { schema: object }> }>;
}

/** One HTTP answer as the client saw it. */
export interface Exchange {
  method: string;
  /** The concrete path requested, e.g. `/analysis/job/<uuid>`. */
  path: string;
  status: number;
  contentType: string;
  text: string;
}

/**
 * Checks live answers against the OpenAPI document: the status must be documented for the
 * operation, the media type must be the documented one, and the body must validate against its
 * schema (ajv, JSON Schema 2020-12, with formats). Remembers which operation and status each
 * conforming answer covered.
 */
export class OpenApiChecker {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true });
  private readonly compiled = new Map<string, ValidateFunction>();
  readonly covered = new Map<string, Set<string>>();

  constructor(private readonly doc: Doc) {
    addFormats.default(this.ajv);
  }

  /** Every operation with the statuses its document lists. */
  operations(): { operationId: string; statuses: string[] }[] {
    return Object.values(this.doc.paths).flatMap((item) =>
      Object.values(item).map((op) => ({ operationId: op.operationId, statuses: Object.keys(op.responses) })),
    );
  }

  /** The document's template for a concrete path; an exact path (`/analysis/job/list`) wins over a template. */
  private template(path: string): string | undefined {
    const templates = Object.keys(this.doc.paths);
    return templates.find((t) => t === path) ?? templates.find((t) => t.includes('{') && new RegExp(`^${t.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(path));
  }

  /** Why the answer breaks the document; empty when it conforms. */
  problems(e: Exchange): string[] {
    const where = `${e.method} ${e.path} → ${e.status}`;
    const template = this.template(e.path);
    const op = template ? this.doc.paths[template]?.[e.method.toLowerCase()] : undefined;
    if (!template || !op) return [`${where}: no such operation in the document`];
    const response = op.responses[String(e.status)];
    if (!response) return [`${where}: status not documented for ${op.operationId} (${e.text.slice(0, 120)})`];
    const mediaType = e.contentType.split(';')[0]!.trim().toLowerCase();
    const media = response.content?.[mediaType];
    if (!media) return [`${where}: media type ${mediaType || '(none)'} not documented (${Object.keys(response.content ?? {}).join(', ')})`];
    let body: unknown = e.text;
    if (mediaType === 'application/json') {
      try {
        body = JSON.parse(e.text);
      } catch {
        return [`${where}: body is not JSON: ${e.text.slice(0, 120)}`];
      }
    }
    const validate = this.validator(`${template} ${e.method} ${e.status} ${mediaType}`, media.schema);
    if (!validate(body))
      return (validate.errors ?? []).map((err) => `${where}: ${err.instancePath || '(body)'} ${err.message ?? ''} ${JSON.stringify(err.params)}`);
    const statuses = this.covered.get(op.operationId) ?? new Set<string>();
    statuses.add(String(e.status));
    this.covered.set(op.operationId, statuses);
    return [];
  }

  private validator(key: string, schema: object): ValidateFunction {
    let v = this.compiled.get(key);
    if (!v) {
      // The document's components ride along so `#/components/schemas/…` resolves inside the schema.
      v = this.ajv.compile({ ...schema, components: this.doc.components });
      this.compiled.set(key, v);
    }
    return v;
  }
}
