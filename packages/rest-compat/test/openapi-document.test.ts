import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, test } from 'vitest';
import { createRestApp, type RestDeps } from '../src/index.js';
import { CONTRACT } from '../src/contract.js';
import { buildOpenApiDocument, openApiPath } from '../src/openapi/document.js';
import { jobStatusBody } from '../src/presenters/jobs.js';
import { fileListRow } from '../src/presenters/files.js';
import { OpenApiChecker } from './support/openapi.js';

const doc = buildOpenApiDocument() as ConstructorParameters<typeof OpenApiChecker>[0];
const JOB = '6f1c7a52-0b7e-4c1e-9a55-3f0f5f7d2b10';

describe('the OpenAPI document of the REST layer', () => {
  test('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(structuredClone(doc) as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  test('documents exactly the routes the REST app serves (none missing, none extra)', () => {
    // Registering routes reads no dependency (handlers do, per request), so none is given.
    const app = createRestApp({} as RestDeps);
    const routes = new Set(app.routes.map((r) => `${r.method} ${openApiPath(r.path)}`));
    const documented = new Set(Object.entries(doc.paths).flatMap(([path, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${path}`)));
    expect([...documented].sort()).toEqual([...routes].sort());
    // Every path of every contract endpoint, plus /healthz and /openapi.json.
    expect(documented.size).toBe(Object.values(CONTRACT).reduce((n, e) => n + e.paths.length, 2));
  });

  test('a presenter that changes a shape no longer validates', () => {
    const check = new OpenApiChecker(doc);
    const ok = { method: 'GET', path: `/analysis/job/${JOB}`, status: 200, contentType: 'application/json' };
    const view = {
      id: JOB,
      jobName: 'brave-otter',
      status: 'Completed' as const,
      category: 'winevtx' as const,
      insights: [{ Metadata: { title: 'File metadata', data: { a: 'b' }, category: 'General' as const } }],
    };
    expect(check.problems({ ...ok, text: JSON.stringify(jobStatusBody(view)) })).toEqual([]);
    // An extra field, a renamed one, a status outside the vocabulary, an insight with two keys:
    expect(check.problems({ ...ok, text: JSON.stringify({ ...jobStatusBody(view), category: 'winevtx' }) })).not.toEqual([]);
    expect(check.problems({ ...ok, text: JSON.stringify({ id: JOB, jobName: 'x', status: 'Completed' }) })).not.toEqual([]);
    expect(check.problems({ ...ok, text: JSON.stringify({ id: JOB, job_name: 'x', status: 'Done' }) })).not.toEqual([]);
    expect(
      check.problems({ ...ok, text: JSON.stringify({ id: JOB, job_name: 'x', status: 'Failed', insights: [{ Error: { message: 'm' }, Table: {} }] }) }),
    ).not.toEqual([]);
    // The job status endpoint's errors are plain text, and 418 is nobody's status.
    expect(check.problems({ ...ok, status: 404, contentType: 'application/json', text: '{"error":"x"}' })).not.toEqual([]);
    expect(check.problems({ ...ok, status: 404, contentType: 'text/plain; charset=UTF-8', text: `Job with ID ${JOB} not found` })).toEqual([]);
    expect(check.problems({ ...ok, status: 418, contentType: 'text/plain', text: 'x' })).not.toEqual([]);
    // A file list row keeps its five positions and the listing date format.
    const list = { method: 'GET', path: '/analysis/file/list', status: 200, contentType: 'application/json' };
    const row = fileListRow({ id: JOB, name: 'a.evtx', createdAt: new Date(Date.UTC(2024, 0, 2, 3, 4, 5)), visibility: 'private', encrypted: true });
    expect(check.problems({ ...list, text: JSON.stringify({ files: [row] }) })).toEqual([]);
    expect(check.problems({ ...list, text: JSON.stringify({ files: [[...row, 'extra']] }) })).not.toEqual([]);
    expect(check.problems({ ...list, text: JSON.stringify({ files: [[JOB, 'a.evtx', '2024-01-02T03:04:05Z', 'private', 'encrypted']] }) })).not.toEqual([]);
  });
});
