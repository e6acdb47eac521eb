import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { EnvError, isBase64Key, loadEnv, repoRoot, workerEnv, workerNodeArgs } from '../src/index.js';

const KEY = Buffer.alloc(32, 7).toString('base64');

describe('loadEnv', () => {
  test('applies the documented defaults to an empty environment', () => {
    const env = loadEnv({});
    expect(env).toEqual({
      PORT: 3000,
      HOST: '127.0.0.1',
      TEMPORAL_NAMESPACE: 'default',
      TEMPORAL_UI_PORT: 8233,
      QUARRY_DATA_DIR: join(repoRoot(), '.data'),
      BLOB_DIR: join(repoRoot(), '.data', 'blobs'),
      LOG_LEVEL: 'info',
      AWS_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: false,
      QUARRY_CACHE_DIR: join(repoRoot(), '.data', 'cache'),
      QUARRY_CACHE_MAX_MB: 10_240,
      QUARRY_ROLE: 'all',
      WORKER_HEAP_MB: 768,
      WORKER_HEALTH_HOST: '127.0.0.1',
      QUARRY_SIGMA_RULES_REPO: 'https://github.com/SigmaHQ/sigma.git',
      QUARRY_RULES_AUTO_FETCH: true,
    });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.TEMPORAL_ADDRESS).toBeUndefined();
  });

  test('parses every field and derives BLOB_DIR from QUARRY_DATA_DIR', () => {
    const env = loadEnv({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgresql://u:p@db:5432/quarry',
      TEMPORAL_ADDRESS: 'temporal:7233',
      TEMPORAL_NAMESPACE: 'quarry',
      TEMPORAL_UI_PORT: '9000',
      QUARRY_DATA_DIR: '/srv/quarry',
      QUARRY_MASTER_KEY: KEY,
      LOG_LEVEL: 'debug',
      TEMPORAL_CLI: '/opt/temporal',
      NODE_ENV: 'production',
      UNRELATED: 'ignored',
    });
    expect(env).toEqual({
      PORT: 8080,
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgresql://u:p@db:5432/quarry',
      TEMPORAL_ADDRESS: 'temporal:7233',
      TEMPORAL_NAMESPACE: 'quarry',
      TEMPORAL_UI_PORT: 9000,
      QUARRY_DATA_DIR: '/srv/quarry',
      BLOB_DIR: '/srv/quarry/blobs',
      QUARRY_MASTER_KEY: KEY,
      LOG_LEVEL: 'debug',
      TEMPORAL_CLI: '/opt/temporal',
      NODE_ENV: 'production',
      AWS_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: false,
      QUARRY_CACHE_DIR: '/srv/quarry/cache',
      QUARRY_CACHE_MAX_MB: 10_240,
      QUARRY_ROLE: 'all',
      WORKER_HEAP_MB: 768,
      WORKER_HEALTH_HOST: '127.0.0.1',
      QUARRY_SIGMA_RULES_REPO: 'https://github.com/SigmaHQ/sigma.git',
      QUARRY_RULES_AUTO_FETCH: true,
    });
  });

  test('object storage: BLOB_URL, the endpoint under either name, path style on by default with an endpoint', () => {
    const env = loadEnv({
      BLOB_URL: 's3://evidence/quarry',
      AWS_ENDPOINT_URL_S3: 'http://127.0.0.1:9000',
      AWS_ACCESS_KEY_ID: 'quarry',
      AWS_SECRET_ACCESS_KEY: 'secret-value',
      AWS_REGION: 'eu-west-1',
    });
    expect(env).toMatchObject({ BLOB_URL: 's3://evidence/quarry', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_FORCE_PATH_STYLE: true, AWS_REGION: 'eu-west-1' });
    expect(loadEnv({ S3_ENDPOINT: 'https://s3.example', S3_FORCE_PATH_STYLE: 'false' }).S3_FORCE_PATH_STYLE).toBe(false);
  });

  test('a bad BLOB_URL, endpoint or cache bound is refused, naming the variable', () => {
    expect(() => loadEnv({ BLOB_URL: 'https://bucket/x' })).toThrow(/BLOB_URL: must be s3:\/\/bucket/);
    expect(() => loadEnv({ S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT: must be an http/);
    const err = (() => {
      try {
        loadEnv({ AWS_SECRET_ACCESS_KEY: '', QUARRY_CACHE_MAX_MB: '0' });
      } catch (e) {
        return e as EnvError;
      }
    })();
    expect(err?.problems).toEqual([expect.stringMatching(/^QUARRY_CACHE_MAX_MB: .*\(got "0"\)$/)]);
  });

  test('WORKER_HEAP_MB: a worker heap bound in MiB, at least 256', () => {
    expect(loadEnv({ WORKER_HEAP_MB: '2048' }).WORKER_HEAP_MB).toBe(2048);
    expect(() => loadEnv({ WORKER_HEAP_MB: '100' })).toThrow(/WORKER_HEAP_MB/);
    expect(workerNodeArgs(1024)).toEqual([
      '--max-old-space-size=1024',
      '--max-semi-space-size=64',
      '--heap-growing-percent=300',
      '--no-allocation-site-pretenuring',
    ]);
  });

  test('workerEnv: two malloc arenas for the worker process unless the environment says otherwise', () => {
    expect(workerEnv({ LOG_LEVEL: 'info' })).toEqual({ MALLOC_ARENA_MAX: '2', LOG_LEVEL: 'info' });
    expect(workerEnv({ MALLOC_ARENA_MAX: '4' }).MALLOC_ARENA_MAX).toBe('4');
  });

  test('QUARRY_ROLE=api needs the shared services and the shared master key', () => {
    expect(() => loadEnv({ QUARRY_ROLE: 'api' })).toThrow(/DATABASE_URL: must be set when QUARRY_ROLE=api[\s\S]*TEMPORAL_ADDRESS[\s\S]*QUARRY_MASTER_KEY/);
    const env = loadEnv({ QUARRY_ROLE: 'api', DATABASE_URL: 'postgresql://u:p@db/q', TEMPORAL_ADDRESS: 't:7233', QUARRY_MASTER_KEY: KEY });
    expect(env.QUARRY_ROLE).toBe('api');
    expect(() => loadEnv({ QUARRY_ROLE: 'worker' })).toThrow(/QUARRY_ROLE/);
  });

  test('an explicit BLOB_DIR wins; relative directories resolve against the repository root', () => {
    const env = loadEnv({ QUARRY_DATA_DIR: 'var/data', BLOB_DIR: '/mnt/blobs' });
    expect(env.QUARRY_DATA_DIR).toBe(join(repoRoot(), 'var', 'data'));
    expect(env.BLOB_DIR).toBe('/mnt/blobs');
  });

  test('empty values count as unset', () => {
    const env = loadEnv({ PORT: '', DATABASE_URL: ' ', QUARRY_MASTER_KEY: '' });
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.QUARRY_MASTER_KEY).toBeUndefined();
  });

  test('lists every bad variable in one error and never echoes secrets', () => {
    let error: unknown;
    try {
      loadEnv({
        PORT: 'eighty',
        TEMPORAL_UI_PORT: '70000',
        DATABASE_URL: 'mysql://root:hunter2@db/x',
        TEMPORAL_ADDRESS: 'no-port',
        QUARRY_MASTER_KEY: 'c2VjcmV0LXRvby1zaG9ydA==',
        LOG_LEVEL: 'loud',
        NODE_ENV: 'staging',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(EnvError);
    const { problems, message } = error as EnvError;
    expect(problems.map((p) => p.split(':')[0]).sort()).toEqual([
      'DATABASE_URL',
      'LOG_LEVEL',
      'NODE_ENV',
      'PORT',
      'QUARRY_MASTER_KEY',
      'TEMPORAL_ADDRESS',
      'TEMPORAL_UI_PORT',
    ]);
    expect(message).toMatch(/^Invalid environment:\n {2}/);
    expect(message).toContain('PORT: ');
    expect(message).toContain('"eighty"');
    expect(message).not.toContain('hunter2');
    expect(message).not.toContain('c2VjcmV0');
  });

  test('rule sources: a mirror for SigmaHQ, YARA pack repositories as name=url[#branch], auto-fetch off', () => {
    const env = loadEnv({
      QUARRY_SIGMA_RULES_REPO: 'file:///srv/mirror/sigma.git',
      QUARRY_YARA_PACK_REPOS: 'signature-base=https://mirror.example/sb.git#master, reversinglabs=/srv/mirror/rl.git',
      QUARRY_RULES_AUTO_FETCH: 'false',
    });
    expect(env).toMatchObject({
      QUARRY_SIGMA_RULES_REPO: 'file:///srv/mirror/sigma.git',
      QUARRY_YARA_PACK_REPOS: 'signature-base=https://mirror.example/sb.git#master, reversinglabs=/srv/mirror/rl.git',
      QUARRY_RULES_AUTO_FETCH: false,
    });
    expect(() => loadEnv({ QUARRY_YARA_PACK_REPOS: 'https://mirror.example/sb.git' })).toThrow(/QUARRY_YARA_PACK_REPOS: must be name=git-url/);
  });

  test('remembers the parse of process.env', () => {
    expect(loadEnv()).toBe(loadEnv());
    expect(loadEnv({})).not.toBe(loadEnv({}));
  });
});

describe('isBase64Key', () => {
  test.each([
    ['standard, padded', Buffer.alloc(32, 0xfb).toString('base64'), true],
    ['standard, unpadded', Buffer.alloc(32, 0xfb).toString('base64').replace(/=+$/, ''), true],
    ['URL-safe', Buffer.alloc(32, 0xfb).toString('base64url'), true],
    ['31 bytes', Buffer.alloc(31, 1).toString('base64'), false],
    ['33 bytes', Buffer.alloc(33, 1).toString('base64'), false],
    ['not base64', '!'.repeat(44), false],
    ['empty', '', false],
  ])('%s', (_name, text, ok) => {
    expect(isBase64Key(text)).toBe(ok);
  });
});
