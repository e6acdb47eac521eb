// The bench's rewrite of Sigma rules into the form Chainsaw 2.12.2 reads as meant. Expected
// readings are the Sigma specification's escaping rules (`*`/`?` wildcards, `\` escaping them and
// itself, a lone `\` literal), not this code's output.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { sigmaValueRegex, writeChainsawReadable } from '../bench/jobs/chainsaw-readable.js';

const whole = (sigma: string) => new RegExp(`^${sigmaValueRegex(sigma)}$`, 'i');

describe('sigmaValueRegex', () => {
  it('reads wildcards, escaped wildcards, escaped and lone backslashes as Sigma does', () => {
    expect(whole('a*b?c').test('aXYZbQc')).toBe(true);
    expect(whole('a*b?c').test('abc')).toBe(false);
    expect(whole('a\\*b').test('a*b')).toBe(true);
    expect(whole('a\\*b').test('aXb')).toBe(false);
    expect(whole('a\\?b').test('a?b')).toBe(true);
    expect(whole('a\\?b').test('aXb')).toBe(false);
    // `\\*`: an escaped backslash, then a wildcard
    expect(whole('C:\\\\*').test('C:\\Windows')).toBe(true);
    // `\\\\host\\`: two backslashes, host, one backslash
    expect(whole('\\\\\\\\host\\\\').test('\\\\host\\')).toBe(true);
    expect(whole('\\\\\\\\host\\\\').test('\\\\\\\\host\\\\')).toBe(false);
    // a lone backslash before another character is itself
    expect(whole('Windows\\Temp\\').test('Windows\\Temp\\')).toBe(true);
    expect(whole('a.b(c)[d]+$').test('a.b(c)[d]+$')).toBe(true);
    expect(whole('a.b').test('aXb')).toBe(false);
  });
});

describe('writeChainsawReadable', () => {
  const dir = mkdtempSync(join(tmpdir(), 'quarry-chainsaw-readable-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const rule = (name: string, detection: string): string => {
    const path = join(dir, `${name}.yml`);
    writeFileSync(path, `title: ${name}\nid: ${name}\nlogsource:\n  category: process_creation\n  product: windows\ndetection:\n${detection}level: high\n`);
    return path;
  };

  it('writes values Chainsaw would read literally as case-insensitive |re, spells out quantifiers over lists of maps, leaves other rules alone', () => {
    const out = join(dir, 'out');
    rmSync(out, { recursive: true, force: true });
    const paths = [
      rule(
        '00000000-0000-4000-8000-000000000001',
        "  selection:\n    CommandLine|contains|all:\n      - 'cmd.exe /Q /c * 1> \\\\\\\\*\\\\*'\n      - '&1'\n  condition: selection\n",
      ),
      rule(
        '00000000-0000-4000-8000-000000000002',
        "  selection_a:\n    - Image|endswith: '\\net.exe'\n    - OriginalFileName: 'net.exe'\n  selection_b:\n    CommandLine|contains: ' use '\n  condition: all of selection_*\n",
      ),
      rule('00000000-0000-4000-8000-000000000003', "  selection:\n    Image|endswith: '\\whoami.exe'\n  condition: selection\n"),
    ];
    mkdirSync(out);
    expect(writeChainsawReadable(paths, out).sort()).toEqual(['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002']);

    const first = parse(readFileSync(join(out, '00000000-0000-4000-8000-000000000001.yml'), 'utf8')) as {
      title: string;
      detection: Record<string, Record<string, string[]>>;
    };
    expect(first.title).toBe('00000000-0000-4000-8000-000000000001');
    const [wmi, amp] = first.detection['selection']!['CommandLine|re|all']!;
    expect(new RegExp(wmi!.replace('(?i)', ''), 'i').test('CMD.EXE /Q /c whoami 1> \\\\127.0.0.1\\ADMIN$\\__1 2>&1')).toBe(true);
    expect(new RegExp(wmi!.replace('(?i)', ''), 'i').test('cmd.exe /Q /c whoami 1> C:\\out.txt')).toBe(false);
    expect(amp).toBe('(?i)&1');

    const second = parse(readFileSync(join(out, '00000000-0000-4000-8000-000000000002.yml'), 'utf8')) as { detection: Record<string, unknown> };
    expect(second.detection['condition']).toBe('(selection_a and selection_b)');
    expect(second.detection['selection_b']).toEqual({ 'CommandLine|contains': ' use ' });
  });
});
