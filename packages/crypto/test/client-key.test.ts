import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { formatClientKey, parseClientKey } from '../src/index.js';

const hasOpenssl = (() => {
  try {
    execFileSync('openssl', ['version']);
    return true;
  } catch {
    return false;
  }
})();

describe('parseClientKey', () => {
  test.skipIf(!hasOpenssl && !process.env.CI)('accepts what `openssl rand -base64 32` prints (openssl required)', () => {
    for (let i = 0; i < 20; i++) {
      const line = execFileSync('openssl', ['rand', '-base64', '32'], { encoding: 'utf8' });
      const key = parseClientKey(line);
      expect(key).not.toBeNull();
      expect(key!.length).toBe(32);
      expect(key!.toString('base64')).toBe(line.trim());
    }
  });

  test('accepts standard and URL-safe alphabets, padded or not, and they agree', () => {
    for (let i = 0; i < 200; i++) {
      const raw = randomBytes(32);
      const std = raw.toString('base64');
      const url = raw.toString('base64url');
      expect(std.endsWith('=')).toBe(true);
      expect(url).toHaveLength(43);
      for (const spelling of [std, std.slice(0, -1), url, `${url}=`, ` ${std}\t`]) {
        expect(parseClientKey(spelling)?.equals(raw), spelling).toBe(true);
      }
      expect(formatClientKey(raw)).toBe(std);
    }
  });

  test('rejects other lengths, alphabets and spellings', () => {
    const raw = Buffer.alloc(32, 0xfb); // 0xfb bytes spell '+' and '/' in base64, '-' and '_' in base64url
    const std = raw.toString('base64');
    expect(std).toMatch(/[+/]/);
    const bad = [
      '',
      randomBytes(31).toString('base64'),
      randomBytes(33).toString('base64'),
      randomBytes(64).toString('base64'),
      `${std}=`, // two padding characters
      `${std.slice(0, 20)}-${std.slice(21)}`, // mixed alphabets
      `${std.slice(0, 20)}*${std.slice(21)}`,
      `${std.slice(0, 20)} ${std.slice(21)}`,
      std.slice(0, 42) + 'B=', // last symbol with non-zero unused bits: an alias of another key
      randomBytes(32).toString('hex'),
      '00000000-0000-4000-8000-000000000000',
    ];
    for (const value of bad) expect(parseClientKey(value), value).toBeNull();
    expect(parseClientKey(undefined as unknown as string)).toBeNull();
  });
});
