import { describe, expect, test } from 'vitest';
import { unavailableDependency } from '../src/unavailable.js';

const withCode = (message: string, code: string | number, name = 'Error') => Object.assign(new Error(message), { code, name });

describe('which errors mean "a dependency is down" (503) rather than a bug (500)', () => {
  test('PostgreSQL: refused connections (also inside AggregateError and cause chains), shutdown codes, Prisma codes', () => {
    expect(unavailableDependency(new AggregateError([withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')]))).toBe('PostgreSQL');
    expect(unavailableDependency(new Error('query failed', { cause: withCode('terminating connection due to administrator command', '57P01') }))).toBe(
      'PostgreSQL',
    );
    expect(unavailableDependency(withCode("Can't reach database server", 'P1001'))).toBe('PostgreSQL');
    expect(unavailableDependency(new Error('Connection terminated unexpectedly'))).toBe('PostgreSQL');
  });
  test('Temporal: gRPC UNAVAILABLE / DEADLINE_EXCEEDED service errors', () => {
    expect(unavailableDependency(withCode('14 UNAVAILABLE: No connection established', 14, 'ServiceError'))).toBe('Temporal');
    expect(unavailableDependency(new Error('Failed to start workflow', { cause: withCode('4 DEADLINE_EXCEEDED: Deadline exceeded', 4) }))).toBe('Temporal');
  });
  test('storage: a full disk or quota anywhere in the chain', () => {
    expect(unavailableDependency(new Error('put failed', { cause: withCode('ENOSPC: no space left on device, write', 'ENOSPC') }))).toBe('storage');
    expect(unavailableDependency(withCode('EDQUOT: disk quota exceeded', 'EDQUOT'))).toBe('storage');
  });
  test('anything else stays a 500 with an error id', () => {
    expect(unavailableDependency(new TypeError('x is undefined'))).toBeUndefined();
    expect(unavailableDependency(withCode('unique constraint', 'P2002'))).toBeUndefined();
    expect(unavailableDependency(withCode('NOT_FOUND', 5, 'ServiceError'))).toBeUndefined();
    expect(unavailableDependency('a string')).toBeUndefined();
    const loop: { cause?: unknown } = new Error('loop');
    loop.cause = loop;
    expect(unavailableDependency(loop)).toBeUndefined();
  });
});
