/**
 * Bounded fuzzing (seeded, reproducible): conditions, modifier chains and values, rule YAML and
 * record inputs. Only SigmaError may escape; evaluation must return a boolean and never hang.
 * SIGMA_FUZZ_ITERATIONS=100000 runs longer on demand.
 */
import { describe, expect, test } from 'vitest';
import { parseCondition, parseJsonRecords, SigmaEngine, SigmaError, xmlToRecords, type Json } from '../src/index.js';

const N = Number(process.env['SIGMA_FUZZ_ITERATIONS'] ?? 1500);

function rng(seed: number) {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)]!;
  return { next, int, pick };
}

function onlySigmaErrors(fn: () => void, context: string): void {
  try {
    fn();
  } catch (e) {
    if (!(e instanceof SigmaError)) throw new Error(`${context}: non-Sigma error ${(e as Error).stack}`, { cause: e });
  }
}

const TOKENS = ['a', 'b', 'sel_1', 'sel_2', 'and', 'or', 'not', '(', ')', '1', 'all', 'of', 'them', 'sel_*', '*', '|', 'x', ''];
const MODS = [
  'contains',
  'startswith',
  'endswith',
  'all',
  'base64',
  'base64offset',
  'utf16le',
  'utf16be',
  'utf16',
  'wide',
  'windash',
  're',
  'i',
  'm',
  's',
  'cidr',
  'lt',
  'lte',
  'gt',
  'gte',
  'neq',
  'exists',
  'fieldref',
  'expand',
  'cased',
  'minute',
  'hour',
  'day',
  'week',
  'month',
  'year',
  'bogus',
];
const VALUES: Json[] = [
  '',
  '*',
  '?',
  '\\',
  '\\*',
  'a*b?c',
  '10.0.0.0/8',
  '::1/128',
  '%ph%',
  '2024-01-02 03:04:05',
  'x-y/z',
  '(a|b)+',
  '[',
  12,
  -1,
  0.5,
  true,
  false,
  null,
  'cmd.exe',
  'AAAA',
];
const RECORD_VALUES: Json[] = ['', 'a-b/c', 'CMD.EXE', '10.1.2.3', 'fe80::1', '2024-01-02T03:04:05Z', 'QUFBQQ==', 12, 0, null, true, ['x', 1], { n: 'y' }];

describe('fuzz', () => {
  test(`conditions (${N} cases)`, () => {
    const r = rng(1);
    const record = { A: 1, B: 1 };
    for (let i = 0; i < N; i++) {
      const cond = Array.from({ length: 1 + r.int(12) }, () => r.pick(TOKENS)).join(' ');
      onlySigmaErrors(() => parseCondition(cond), cond);
      onlySigmaErrors(() => {
        const e = SigmaEngine.fromText(
          `title: f\nlogsource: {product: x}\ndetection:\n  a: {A: 1}\n  b: {B: 1}\n  sel_1: {A: 2}\n  sel_2: {B: 1}\n  condition: ${JSON.stringify(cond)}`,
        );
        expect(Array.isArray(e.match(record))).toBe(true);
      }, cond);
    }
  });

  test(`modifier chains and values (${N} cases)`, () => {
    const r = rng(2);
    let compiled = 0;
    for (let i = 0; i < N; i++) {
      const mods = Array.from({ length: r.int(4) }, () => r.pick(MODS));
      const key = ['F', ...mods].join('|');
      const value = r.next() < 0.3 ? Array.from({ length: r.int(3) }, () => r.pick(VALUES)) : r.pick(VALUES);
      const text = `title: f\nlogsource: {product: x}\ndetection:\n  sel:\n    ${JSON.stringify(key)}: ${JSON.stringify(value)}\n  condition: sel`;
      const e = SigmaEngine.fromText(text, { placeholders: { ph: ['p*', 'q'] } });
      for (const refused of e.report.refused) expect(refused.error).toBeInstanceOf(SigmaError);
      if (e.report.refused.length) continue;
      compiled++;
      for (let j = 0; j < 4; j++) {
        const rec = { F: r.pick(RECORD_VALUES), G: r.pick(RECORD_VALUES), msg: r.pick(RECORD_VALUES) };
        const t0 = performance.now();
        const out = e.match(rec as Json);
        expect(performance.now() - t0).toBeLessThan(200);
        expect(out.length).toBeLessThanOrEqual(1);
      }
    }
    expect(compiled).toBeGreaterThan(N / 10);
  });

  test(`mutated rule YAML (${N} cases)`, () => {
    const r = rng(3);
    const base = `title: Susp\nid: 11111111-2222-4333-8444-555555555555\nlevel: high\nlogsource:\n  category: process_creation\n  product: windows\ndetection:\n  sel:\n    Image|endswith: '\\\\x.exe'\n    CommandLine|contains|all: [' -a', ' -b']\n  filter:\n    User|re: '^adm'\n  condition: sel and not filter\n`;
    const alphabet = ':|-[]{}\n *?\\\'"#&!%@`,';
    for (let i = 0; i < N; i++) {
      const chars = [...base];
      for (let k = 0; k < 1 + r.int(4); k++) {
        const at = r.int(chars.length);
        const op = r.int(3);
        if (op === 0) chars.splice(at, 1);
        else if (op === 1) chars.splice(at, 0, r.pick([...alphabet]));
        else chars[at] = r.pick([...alphabet]);
      }
      const text = chars.join('');
      let e: SigmaEngine | undefined;
      onlySigmaErrors(() => (e = SigmaEngine.fromText(text)), text);
      for (const refused of e?.report.refused ?? []) expect(refused.error).toBeInstanceOf(SigmaError);
      e?.match({
        Event: {
          System: { Channel: 'Microsoft-Windows-Sysmon/Operational', EventID: 1 },
          EventData: { Image: 'c:\\x.exe', CommandLine: 'x -a -b', User: 'bob' },
        },
      });
    }
  });

  test(`record inputs: JSON and XML text (${N} cases)`, () => {
    const r = rng(4);
    const json = JSON.stringify({ Event: { System: { EventID: 1, Channel: 'c' }, EventData: { A: 'x"y\\z' } } });
    const xml = '<Event><System><EventID>1</EventID><Channel>c</Channel></System><EventData><Data Name="A">x&amp;y</Data></EventData></Event>';
    for (let i = 0; i < N; i++) {
      for (const [src, parse] of [
        [json, (t: string) => [...parseJsonRecords(t)]],
        [xml, (t: string) => xmlToRecords(t)],
      ] as const) {
        const chars = [...src];
        for (let k = 0; k < 1 + r.int(3); k++) chars.splice(r.int(chars.length), r.int(2), r.pick(['{', '}', '"', '<', '>', '/', '\\', '&', 'x', '']));
        onlySigmaErrors(() => parse(chars.join('')), chars.join(''));
      }
    }
  });
});
