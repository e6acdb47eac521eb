import { z } from 'zod';
import { operations, type AnyOperation } from '@quarry/api';
import { HTTP_PATHS } from '@quarry/vocabulary';
import { BODY_LIMITS, type JsonEndpoint } from '../body-limits.js';
import { CONTRACT, type EndpointName } from '../contract.js';
import { ENDPOINTS } from '../endpoints/table.js';
import { healthResponse } from '../responses/health.schema.js';
import { jsonErrorBody, textErrorBody } from '../responses/common.schema.js';
import { SchemaComponents, type JsonSchema } from './components.js';
import { ENDPOINT_RESPONSES } from './endpoint-responses.js';

const TOKEN = 'ApiToken';
const KEY = 'EncryptionKey';

/** One documented endpoint: its name in CONTRACT, the operation it runs and its request body. */
interface Documented {
  name: EndpointName;
  operation: AnyOperation;
  request?: { json: z.ZodType } | { multipart: z.ZodType };
}

/** The multipart form of the upload endpoint (routes/upload.ts streams each part into the upload operation). */
const uploadForm = z.object({ files: z.array(z.file()).min(1).describe('one or more files; repeat the field for several') });

/** The upload, then every endpoint of the table with the spec's body (or the operation's input where they are the same). */
const documentedEndpoints = (): Documented[] => [
  { name: 'upload', operation: operations.uploadFile, request: { multipart: uploadForm } },
  ...ENDPOINTS.map((e) => ({
    name: e.name,
    operation: e.operation,
    ...(CONTRACT[e.name].method === 'POST' ? { request: { json: e.body ?? e.operation.input } } : {}),
  })),
];

/** OpenAPI security requirements (alternatives, `{}` meaning none) from the operation's access and key rule. */
type Requirement = Record<string, string[]>;

function security(op: AnyOperation): Requirement[] {
  const token: Requirement[] = op.access === 'signedIn' ? [{ [TOKEN]: [] }] : [{}, { [TOKEN]: [] }];
  if (op.key === 'ignored') return token;
  // A signed-in uploader must send a key; an anonymous one may (it is checked, then unused).
  if (op.key === 'requiredWhenSignedIn') return op.access === 'signedIn' ? [{ [TOKEN]: [], [KEY]: [] }] : [{}, { [KEY]: [] }, { [TOKEN]: [], [KEY]: [] }];
  return token.flatMap((req) => [req, { ...req, [KEY]: [] }]);
}

const RETRY_AFTER = { 'Retry-After': { description: 'Seconds to wait before trying again', schema: { type: 'integer', minimum: 0 } } };

/** Statuses every endpoint can answer, and those of every endpoint with a JSON body (body-limits.ts, admission.ts). */
const COMMON_ERRORS = {
  500: 'An unexpected error: the body gives an error id to quote (the cause is logged under it)',
  503: 'A dependency (PostgreSQL, Temporal, storage) is unavailable, or the server is busy; retry after Retry-After',
} as const;
const JSON_BODY_ERRORS = {
  408: 'The JSON body did not arrive within 30 s of the headers',
  413: "The body is larger than the endpoint's cap",
} as const;

const hasJsonBodyCap = (name: EndpointName): name is JsonEndpoint => name in BODY_LIMITS;

/** Hono's `/analysis/job/:job_id` as OpenAPI's `/analysis/job/{job_id}`. */
export const openApiPath = (honoPath: string): string => honoPath.replace(/:([A-Za-z_]+)/g, '{$1}');

/** `upload` at its first path, `uploadAnalysis` at `/analysis/upload`: operation ids are unique. */
function operationId(name: string, index: number, path: string): string {
  if (index === 0) return name;
  const first = path.split('/').find(Boolean) ?? `${index}`;
  return `${name}${first.charAt(0).toUpperCase()}${first.slice(1)}`;
}

function operationObject(e: Documented, index: number, path: string, components: SchemaComponents) {
  const { tag, ok, download, query, errors: documented } = ENDPOINT_RESPONSES[e.name];
  const errorMedia =
    CONTRACT[e.name].errors === 'json'
      ? { 'application/json': { schema: components.convert(jsonErrorBody, 'output') } }
      : { 'text/plain': { schema: components.convert(textErrorBody, 'output') } };
  const errors: Record<string, string> = { ...documented, ...(hasJsonBodyCap(e.name) ? JSON_BODY_ERRORS : {}), ...COMMON_ERRORS };
  const responses: Record<string, unknown> = {
    200: download
      ? {
          description: 'The file, streamed (chunked), as an attachment',
          headers: { 'Content-Disposition': { schema: { type: 'string' }, description: 'attachment; filename="<job name>[-<insight>].<extension>"' } },
          content: Object.fromEntries(download.map((media) => [media, { schema: { type: 'string' } }])),
        }
      : { description: 'Success', content: { 'application/json': { schema: components.convert(ok, 'output') } } },
  };
  for (const status of Object.keys(errors).sort()) {
    responses[status] = {
      description: errors[status],
      ...(status === '429' || status === '503' ? { headers: RETRY_AFTER } : {}),
      content: errorMedia,
    };
  }
  const params: Record<string, unknown>[] = [...path.matchAll(/:([A-Za-z_]+)/g)].map((m) => ({
    name: m[1],
    in: 'path',
    required: true,
    schema: m[1]?.endsWith('_id') ? { type: 'string', format: 'uuid' } : { type: 'string' },
  }));
  for (const q of query ?? []) params.push({ name: q.name, in: 'query', required: q.required ?? false, description: q.description, schema: q.schema });
  const request = e.request;
  return {
    operationId: operationId(e.name, index, path),
    summary: e.operation.summary,
    tags: [tag],
    security: security(e.operation),
    ...(params.length > 0 ? { parameters: params } : {}),
    ...(request === undefined
      ? {}
      : 'json' in request
        ? { requestBody: { required: true, content: { 'application/json': { schema: components.convert(request.json, 'input') } } } }
        : {
            requestBody: {
              required: true,
              content: {
                'multipart/form-data': {
                  schema: components.convert(request.multipart, 'input'),
                  encoding: { files: { contentType: 'application/octet-stream' } },
                },
              },
            },
          }),
    responses,
  };
}

/** The routes outside the contract that the REST app serves too. */
function serviceRoutes(components: SchemaComponents): Record<string, Record<string, unknown>> {
  const health = { schema: components.convert(healthResponse, 'output') };
  return {
    [HTTP_PATHS.healthz]: {
      get: {
        operationId: 'health',
        summary: 'Readiness of PostgreSQL, Temporal and a worker',
        tags: ['Service'],
        security: [{}],
        responses: {
          200: { description: 'All up', content: { 'application/json': health } },
          503: { description: 'Something is down', content: { 'application/json': health } },
        },
      },
    },
    [HTTP_PATHS.openapi]: {
      get: {
        operationId: 'openApiDocument',
        summary: 'This document',
        tags: ['Service'],
        security: [{}],
        responses: { 200: { description: 'OpenAPI 3.1 document', content: { 'application/json': { schema: { type: 'object' } } } } },
      },
    },
  };
}

/**
 * The OpenAPI 3.1 document of the REST layer, from the endpoint table (each endpoint's operation:
 * summary, access and key rule; its request body), CONTRACT (method, paths, error body format) and
 * ENDPOINT_RESPONSES (the 200 body and each error status).
 */
export function buildOpenApiDocument(): JsonSchema {
  const components = new SchemaComponents();
  const paths: Record<string, Record<string, unknown>> = serviceRoutes(components);
  for (const e of documentedEndpoints()) {
    const { method, paths: routePaths } = CONTRACT[e.name];
    routePaths.forEach((path, index) => {
      const entry = (paths[openApiPath(path)] ??= {});
      entry[method.toLowerCase()] = operationObject(e, index, path, components);
    });
  }
  return {
    openapi: '3.1.1',
    info: {
      title: 'Quarry analysis service (REST compatibility layer)',
      version: '1.0.0',
      description: 'The Analysis Service API as Quarry serves it. Where the specification is silent, docs/api-decisions.md says what was decided.',
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    security: [{}],
    tags: ['Files', 'Jobs', 'Parsing', 'Search', 'Lookup', 'Scans', 'Rules', 'Exports', 'Webhooks', 'Service'].map((name) => ({ name })),
    paths,
    components: {
      schemas: components.schemas,
      securitySchemes: {
        [TOKEN]: { type: 'apiKey', in: 'header', name: 'X-Service-Api-Token', description: 'API token (UUID v4)' },
        [KEY]: { type: 'apiKey', in: 'header', name: 'X-Service-Api-Enc-Key', description: 'Encryption key of private files and jobs' },
      },
    },
  };
}
