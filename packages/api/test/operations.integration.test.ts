import { randomBytes, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { files } from '@quarry/db';
import { EVIDENCE_TYPES, evidenceTypes } from '@quarry/vocabulary';
import { z } from 'zod';
import { admit, appRouter, operations, parseInput, runOperation, type AnyOperation, type OperationRequest } from '../src/index.js';
import { serviceFixture, type Fixture } from './support/fixture.js';

let f: Fixture;
beforeAll(async () => {
  f = await serviceFixture();
});
afterAll(async () => f?.close());

const all = Object.values(operations) as AnyOperation[];
const request = (token: string | null, key: string | null = null): OperationRequest => ({ deps: f.deps, token, key });
const newKey = () => randomBytes(32).toString('base64');

describe('the operations table', () => {
  test('each operation is filed under its own name; every evidence type has a parse and a search', () => {
    for (const [name, op] of Object.entries(operations)) expect(op.name).toBe(name);
    for (const type of EVIDENCE_TYPES) {
      const { operationName, parseOptions } = evidenceTypes[type];
      expect(operations).toHaveProperty(`parse${operationName}.kind`, 'mutation');
      expect(operations).toHaveProperty(`search${operationName}.kind`, 'query');
      // The parse input is the file ids and the descriptor's options, nothing else.
      const parse = (operations as Record<string, AnyOperation>)[`parse${operationName}`]!;
      expect(Object.keys((parse.input as z.ZodObject).shape)).toEqual(['fileIds', ...parseOptions.map((o) => o.name)]);
    }
  });

  test('inputs are typed camelCase objects, never an open bag of values', () => {
    for (const op of all) {
      const schema = op.input instanceof z.ZodOptional ? op.input.unwrap() : op.input;
      const object = schema instanceof z.ZodPipe ? schema.in : schema;
      expect(object, op.name).toBeInstanceOf(z.ZodObject);
      for (const [key, field] of Object.entries((object as z.ZodObject).shape)) {
        expect(key, `${op.name}.${key}`).toMatch(/^[a-z][A-Za-z0-9]*$/);
        expect(field, `${op.name}.${key}`).not.toBeInstanceOf(z.ZodRecord);
        expect(field, `${op.name}.${key}`).not.toBeInstanceOf(z.ZodUnknown);
      }
    }
  });

  test('tRPC carries every JSON operation under its name, and no streamed one (uploads in, downloads out)', () => {
    const procedures = Object.keys(appRouter._def.procedures).sort();
    expect(procedures).toEqual(
      all
        .filter((op) => op.transport === 'json' && op.result !== 'stream')
        .map((op) => op.name)
        .sort(),
    );
    expect(procedures).not.toContain('uploadFile');
    expect(procedures).not.toContain('exportJob');
    expect(procedures).toContain('createExportTicket');
  });
});

describe('access', () => {
  test('without a token, signed-in-only operations are refused and the others run as anonymous', async () => {
    const signedIn = all
      .filter((op) => op.access === 'signedIn')
      .map((op) => op.name)
      .sort();
    expect(signedIn).toEqual(['createWebhook', 'deleteFiles', 'deleteJobs', 'deleteWebhook', 'listFiles', 'listJobs', 'listWebhooks']);
    for (const op of all) {
      if (op.access === 'signedIn') await expect(admit(op, request(null)), op.name).rejects.toMatchObject({ code: 'UNAUTHORIZED', message: 'Unauthorized' });
      else expect((await admit(op, request(null))).caller, op.name).toEqual({ userId: null, tier: 'anonymous' });
    }
  });

  test('an unknown or malformed token is refused by every operation, even those open to anyone', async () => {
    for (const op of all) {
      await expect(admit(op, request(randomUUID())), op.name).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
      await expect(admit(op, request('not-a-token')), op.name).rejects.toMatchObject({ code: 'INVALID_TOKEN_FORMAT' });
    }
  });

  test('a signed-in caller is resolved for every operation', async () => {
    const { caller, token } = await f.newCaller('pro');
    for (const op of all) expect((await admit(op, request(token, newKey()))).caller, op.name).toEqual(caller);
  });
});

describe('key rules', () => {
  test('operations that ignore the key never read it; the others refuse a malformed one', async () => {
    const { token } = await f.newCaller();
    for (const op of all) {
      const admitted = admit(op, request(token, 'not-a-key'));
      if (op.key === 'ignored') expect((await admitted).clientKey, op.name).toBeNull();
      else await expect(admitted, op.name).rejects.toMatchObject({ code: 'INVALID_KEY_FORMAT' });
    }
  });

  test('a signed-in uploader must send a key, whichever front runs the upload; nothing is stored without one', async () => {
    const { caller, token } = await f.newCaller();
    expect(operations.uploadFile.key).toBe('requiredWhenSignedIn');
    const upload = (req: OperationRequest) =>
      runOperation(operations.uploadFile, req, { fileName: 'Security.evtx', content: Readable.from([randomBytes(64)]) });
    await expect(upload(request(token))).rejects.toMatchObject({ code: 'KEY_REQUIRED', message: 'Encryption key is required' });
    expect(await files.listByOwner(f.db, caller.userId!)).toHaveLength(0);

    const mine = await upload(request(token, newKey()));
    expect(await files.get(f.db, mine.id)).toMatchObject({ ownerId: caller.userId, visibility: 'private', encrypted: true });
    const anonymous = await upload(request(null));
    expect(await files.get(f.db, anonymous.id)).toMatchObject({ ownerId: null, visibility: 'public', encrypted: false });
  });
});

describe('validation', () => {
  const uuid = randomUUID();
  const cases: [AnyOperation, unknown, string, string][] = [
    [operations.parseEvtx, { fileIds: [] }, 'BAD_REQUEST', 'No file IDs provided'],
    [operations.parseEvtx, { fileIds: [uuid] }, 'BAD_REQUEST', 'run_sigma_rules must be a boolean'],
    [operations.parseRegistry, {}, 'BAD_REQUEST', 'No file IDs provided'],
    [operations.searchPrefetch, { jobId: uuid, search: 5, browseEvents: true }, 'BAD_REQUEST', 'search must be a string (empty to browse)'],
    [operations.searchEvtx, { jobId: uuid, search: '', browseEvents: true, startTime: 2, endTime: 1 }, 'BAD_REQUEST', 'Invalid time range'],
    [operations.getJob, {}, 'BAD_REQUEST', 'id must be a string'],
    [operations.deleteFiles, { ids: ['x'] }, 'BAD_REQUEST', 'Invalid file ID format'],
    [operations.deleteJobs, {}, 'BAD_REQUEST', 'Invalid job ID format'],
    [operations.lookup, { module: 'nope', search: '' }, 'BAD_REQUEST', 'Unknown lookup module'],
    [operations.lookup, { module: 'file_name', search: 5 }, 'VALIDATION_FAILED', 'Validation failed'],
    [operations.lookup, null, 'VALIDATION_FAILED', 'Validation failed'],
    [operations.scanFiles, { engine: 'clamav', fileIds: [uuid], operation: 'run_community_rules' }, 'BAD_REQUEST', 'engine must be yara or sigma'],
    [operations.scanData, { engine: 'yara', testData: 'AA==', operation: 'scan' }, 'BAD_REQUEST', 'operation must be run_rule or run_community_rules'],
    [operations.retrieveRules, { engine: 'sigma', ruleNames: [] }, 'BAD_REQUEST', 'Invalid rule names provided'],
  ];

  test.each(cases.map(([op, input, code, message]) => ({ name: op.name, op, input, code, message })))(
    '$name refuses $input: $message',
    ({ op, input, code, message }) => {
      expect(() => parseInput(op, input)).toThrow(expect.objectContaining({ code, message }));
    },
  );

  test('defaults are applied once, in the operation (every front gets the same page size)', () => {
    expect(parseInput(operations.searchRegistry, { jobId: uuid, search: '', browseEvents: true })).toMatchObject({ filter: [], page: 1, show: 10 });
  });

  test('a refused caller learns nothing about their input: admission runs first', async () => {
    await expect(runOperation(operations.listJobs, request(null), { nonsense: true })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(runOperation(operations.parseEvtx, request(null, 'bad-key'), {})).rejects.toMatchObject({ code: 'INVALID_KEY_FORMAT' });
  });
});
