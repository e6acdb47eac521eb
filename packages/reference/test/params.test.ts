import { describe, expect, it } from 'vitest';
import { LookupError } from '../src/errors.js';
import { parseLookupParams } from '../src/params.js';
import { store } from './support.js';

function codeOf(input: unknown): string {
  try {
    parseLookupParams(input);
    return 'ok';
  } catch (err) {
    expect(err).toBeInstanceOf(LookupError);
    return (err as LookupError).code;
  }
}

describe('request validation', () => {
  it('applies defaults and resolves filter fields by name, case and spacing aside', () => {
    const p = parseLookupParams({ module: 'event_id', search: 'x', filter: [{ field: 'os_version', operator: 'contains', value: 'W10' }] });
    expect(p).toEqual({ module: 'event_id', search: 'x', page: 1, show: 10, filter: [{ column: 1, operator: 'contains', value: 'W10' }] });
  });

  it('answers unknown-module (spec: 400 Unknown lookup module) before any other problem', () => {
    expect(codeOf({ module: 'registry', search: '' })).toBe('unknown-module');
    expect(codeOf({ module: 'FILE_NAME', search: '', page: 99 })).toBe('unknown-module');
  });

  it.each([
    ['missing body', undefined],
    ['missing module', { search: '' }],
    ['module not a string', { module: 1, search: '' }],
    ['missing search', { module: 'file_name' }],
    ['search not a string', { module: 'file_name', search: 4624 }],
    ['page 0', { module: 'file_name', search: '', page: 0 }],
    ['page 11', { module: 'file_name', search: '', page: 11 }],
    ['page 1.5', { module: 'file_name', search: '', page: 1.5 }],
    ['page as text', { module: 'file_name', search: '', page: '2' }],
    ['show 0', { module: 'file_name', search: '', show: 0 }],
    ['show 101', { module: 'file_name', search: '', show: 101 }],
    ['filter not an array', { module: 'file_name', search: '', filter: {} }],
    ['unknown operator', { module: 'file_name', search: '', filter: [{ field: 'File Name', operator: 'like', value: 'a' }] }],
    ['filter without value', { module: 'file_name', search: '', filter: [{ field: 'File Name', operator: 'equals' }] }],
    ['field of the other module', { module: 'file_name', search: '', filter: [{ field: 'Provider', operator: 'equals', value: 'a' }] }],
    ['search too long', { module: 'file_name', search: 'x'.repeat(257) }],
  ])('rejects %s as validation (spec: 422 Validation failed)', (_name, input) => {
    expect(codeOf(input)).toBe('validation');
  });

  it('reports what failed, for logs', () => {
    try {
      parseLookupParams({ module: 'file_name', search: '', show: 101 });
    } catch (err) {
      expect((err as LookupError).message).toBe('Validation failed');
      expect((err as LookupError).issues.join()).toMatch(/^show: /);
    }
  });

  it('accepts the boundaries page 10 and show 100, and an empty search', async () => {
    expect(codeOf({ module: 'event_id', search: '', page: 10, show: 100 })).toBe('ok');
    const r = await store.lookup({ module: 'event_id', search: '', page: 10, show: 100 });
    expect(r.rows).toHaveLength(100);
  });
});
