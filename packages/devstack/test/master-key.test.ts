import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { DevstackError, ensureMasterKey } from '../src/index.js';

const root = mkdtempSync(join(tmpdir(), 'quarry-key-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;
const freshDir = (): string => join(root, String(n++));

describe('ensureMasterKey', () => {
  test('creates a 32-byte key in master.key with mode 0600, then returns the same key', () => {
    const dir = freshDir();
    const first = ensureMasterKey(dir);
    expect(first).toHaveLength(32);
    const file = join(dir, 'master.key');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64').equals(first)).toBe(true);
    expect(ensureMasterKey(dir).equals(first)).toBe(true);
  });

  test('two data dirs get different keys', () => {
    expect(ensureMasterKey(freshDir()).equals(ensureMasterKey(freshDir()))).toBe(false);
  });

  test('the environment value wins and nothing is written', () => {
    const dir = freshDir();
    const key = Buffer.alloc(32, 0xab);
    expect(ensureMasterKey(dir, key.toString('base64')).equals(key)).toBe(true);
    expect(ensureMasterKey(dir, key.toString('base64url')).equals(key)).toBe(true);
    expect(() => statSync(join(dir, 'master.key'))).toThrow();
  });

  test('rejects a malformed environment value', () => {
    expect(() => ensureMasterKey(freshDir(), Buffer.alloc(16).toString('base64'))).toThrow(DevstackError);
  });

  test('rejects a corrupted key file instead of replacing it', () => {
    const dir = freshDir();
    ensureMasterKey(dir);
    writeFileSync(join(dir, 'master.key'), 'not a key\n');
    expect(() => ensureMasterKey(dir)).toThrow(/must hold the base64 of exactly 32 bytes/);
  });

  test('tightens a key file readable by others', () => {
    const dir = freshDir();
    const key = ensureMasterKey(dir);
    chmodSync(join(dir, 'master.key'), 0o644);
    expect(ensureMasterKey(dir).equals(key)).toBe(true);
    expect(statSync(join(dir, 'master.key')).mode & 0o777).toBe(0o600);
  });
});
