import { Writable } from 'node:stream';
import { describe, expect, test } from 'vitest';
import { createLogger, REDACTED } from '../src/index.js';

/** A logger writing into an array of parsed JSON lines. */
function capture(level: 'info' | 'warn' = 'info') {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line) lines.push(JSON.parse(line));
      done();
    },
  });
  return { log: createLogger('test', { level, destination }), lines };
}

describe('createLogger', () => {
  test('writes JSON lines with the logger name and message', () => {
    const { log, lines } = capture();
    log.info({ jobId: 'j1' }, 'started');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ name: 'test', level: 30, jobId: 'j1', msg: 'started' });
  });

  test('respects the level', () => {
    const { log, lines } = capture('warn');
    log.info('hidden');
    log.warn('shown');
    expect(lines.map((l) => l.msg)).toEqual(['shown']);
  });

  test('censors secret fields at any depth up to six levels', () => {
    const { log, lines } = capture();
    const secret = 'S3CRET-VALUE';
    log.info(
      {
        key: secret,
        token: secret,
        password: secret,
        nested: { masterKey: secret, deeper: { dataKey: secret, deepest: { a: { b: { key: secret } } } } },
        list: [{ token: secret }],
        keep: 'visible',
      },
      'event',
    );
    const text = JSON.stringify(lines);
    expect(text).not.toContain(secret);
    expect(lines[0]).toMatchObject({ key: REDACTED, token: REDACTED, keep: 'visible' });
    expect((lines[0]!.nested as { masterKey: string }).masterKey).toBe(REDACTED);
  });

  test('censors the API token and encryption key headers in any casing', () => {
    const { log, lines } = capture();
    const token = '6f1c3a7e-0c6b-4a0e-9a53-5c1f1d2b7e90';
    const encKey = Buffer.alloc(32, 9).toString('base64');
    log.info({ req: { headers: { 'x-service-api-token': token, 'x-service-api-enc-key': encKey, host: 'h' } } });
    log.info({ headers: { 'X-Service-Api-Token': token, 'X-Service-Api-Enc-Key': encKey } });
    log.info({ 'x-service-api-token': token });
    const text = JSON.stringify(lines);
    expect(text).not.toContain(token);
    expect(text).not.toContain(encKey);
    expect(lines[0]).toMatchObject({ req: { headers: { host: 'h', 'x-service-api-token': REDACTED } } });
  });

  test('child loggers keep the redaction', () => {
    const { log, lines } = capture();
    log.child({ component: 'c' }).info({ user: { password: 'pw-123' } }, 'login');
    expect(JSON.stringify(lines)).not.toContain('pw-123');
    expect(lines[0]).toMatchObject({ component: 'c', user: { password: REDACTED } });
  });
});
