import { describe, expect, test } from 'vitest';
import { SigmaError } from '../src/index.js';
import { matches, ruleWith } from './helpers.js';

const one = (item: string, extra = '', opts = {}) => ruleWith(`sel:\n  ${item}\ncondition: sel`, extra, opts);
const refusal = (item: string, opts = {}) => {
  try {
    one(item, '', opts);
  } catch (e) {
    expect(e).toBeInstanceOf(SigmaError);
    return (e as SigmaError).reason;
  }
  throw new Error(`rule with '${item}' was accepted`);
};

describe('plain values', () => {
  test('equality is case-insensitive, whole-value', () => {
    const e = one("Image: 'C:\\Windows\\cmd.exe'");
    expect(matches(e, { Image: 'c:\\windows\\CMD.EXE' })).toBe(true);
    expect(matches(e, { Image: 'c:\\windows\\cmd.exe2' })).toBe(false);
  });
  test('lists are OR, maps are AND', () => {
    const e = ruleWith('sel:\n  A: [x, y]\n  B: z\ncondition: sel');
    expect(matches(e, { A: 'y', B: 'z' })).toBe(true);
    expect(matches(e, { A: 'y', B: 'q' })).toBe(false);
    expect(matches(e, { A: 'w', B: 'z' })).toBe(false);
  });
  test('list of maps is OR of ANDs', () => {
    const e = ruleWith('sel:\n  - A: x\n    B: y\n  - C: z\ncondition: sel');
    expect(matches(e, { A: 'x', B: 'y' })).toBe(true);
    expect(matches(e, { A: 'x' })).toBe(false);
    expect(matches(e, { C: 'Z' })).toBe(true);
  });
  test('numbers compare by text, against numeric or string fields', () => {
    const e = one('EventID: 4688');
    expect(matches(e, { EventID: 4688 })).toBe(true);
    expect(matches(e, { EventID: '4688' })).toBe(true);
    expect(matches(e, { EventID: 46880 })).toBe(false);
  });
  test('null matches a missing or null field only', () => {
    const e = one('Field: null');
    expect(matches(e, {})).toBe(true);
    expect(matches(e, { Field: null })).toBe(true);
    expect(matches(e, { Field: '' })).toBe(false);
    expect(matches(e, { Field: 'x' })).toBe(false);
  });
  test("'' matches an empty or null field, not a missing one", () => {
    const e = one("Field: ''");
    expect(matches(e, { Field: '' })).toBe(true);
    expect(matches(e, { Field: null })).toBe(true);
    expect(matches(e, {})).toBe(false);
    expect(matches(e, { Field: 'a' })).toBe(false);
  });
  test('dotted paths reach nested JSON; arrays match any element', () => {
    const e = one("process.parent.name: 'explorer.exe'");
    expect(matches(e, { process: { parent: { name: 'EXPLORER.exe' } } })).toBe(true);
    expect(matches(e, { 'process.parent.name': 'explorer.exe' })).toBe(true);
    expect(matches(e, { process: { parent: [{ name: 'x' }] } })).toBe(false);
    const arr = one('tags|contains: evil');
    expect(matches(arr, { tags: ['good', 'very-evil'] })).toBe(true);
  });
});

describe('string modifiers', () => {
  test('contains / startswith / endswith', () => {
    expect(matches(one('A|contains: mid'), { A: 'xxMIDxx' })).toBe(true);
    expect(matches(one('A|startswith: pre'), { A: 'PREfix' })).toBe(true);
    expect(matches(one('A|startswith: pre'), { A: 'xpre' })).toBe(false);
    expect(matches(one('A|endswith: .exe'), { A: 'a.EXE' })).toBe(true);
    expect(matches(one('A|endswith: .exe'), { A: 'a.exe ' })).toBe(false);
  });
  test('contains keeps inner wildcards', () => {
    expect(matches(one("A|contains: 'a*c'"), { A: 'xxabbbcxx' })).toBe(true);
    expect(matches(one("A|contains: 'a\\*c'"), { A: 'xxabbbcxx' })).toBe(false);
  });
  test('all turns a list into AND', () => {
    const e = one('A|contains|all: [one, two]');
    expect(matches(e, { A: 'two and one' })).toBe(true);
    expect(matches(e, { A: 'only one' })).toBe(false);
  });
  test('cased compares case-sensitively', () => {
    const e = one('A|cased: Secret');
    expect(matches(e, { A: 'Secret' })).toBe(true);
    expect(matches(e, { A: 'secret' })).toBe(false);
    expect(matches(one('A|contains|cased: Sec'), { A: 'xsec' })).toBe(false);
  });
  test('windash accepts every dash form', () => {
    const e = one("CommandLine|contains|windash: ' -enc '");
    for (const d of ['-', '/', '\u2013', '\u2014', '\u2015']) expect(matches(e, { CommandLine: `powershell ${d}enc AAA` })).toBe(true);
    expect(matches(e, { CommandLine: 'powershell +enc AAA' })).toBe(false);
  });
  test('neq negates, for strings and numbers', () => {
    const e = one('A|neq: x');
    expect(matches(e, { A: 'y' })).toBe(true);
    expect(matches(e, { A: 'X' })).toBe(false);
    expect(matches(one('N|neq: 5'), { N: 6 })).toBe(true);
    expect(matches(one('N|neq: 5'), { N: 5 })).toBe(false);
  });
  test('exists', () => {
    expect(matches(one('A|exists: true'), { A: null })).toBe(true);
    expect(matches(one('A|exists: true'), { B: 1 })).toBe(false);
    expect(matches(one('A|exists: false'), { B: 1 })).toBe(true);
  });
  test('fieldref compares two fields, also with neq and contains', () => {
    expect(matches(one('A|fieldref: B'), { A: 'Same', B: 'same' })).toBe(true);
    expect(matches(one('A|fieldref: B'), { A: 'x', B: 'y' })).toBe(false);
    expect(matches(one('A|fieldref|neq: B'), { A: 'x', B: 'y' })).toBe(true);
    expect(matches(one('A|fieldref|contains: B'), { A: 'xxyy', B: 'Y' })).toBe(true);
    expect(matches(one('A|fieldref: B'), { A: 'x' })).toBe(false);
  });
});

describe('regular expressions', () => {
  test('case-sensitive by default, i/m/s flags', () => {
    expect(matches(one("A|re: '^ab+c$'"), { A: 'abbc' })).toBe(true);
    expect(matches(one("A|re: '^ab+c$'"), { A: 'ABBC' })).toBe(false);
    expect(matches(one("A|re|i: '^ab+c$'"), { A: 'ABBC' })).toBe(true);
    expect(matches(one("A|re: '^b$'"), { A: 'a\nb' })).toBe(false);
    expect(matches(one("A|re|m: '^b$'"), { A: 'a\nb' })).toBe(true);
    expect(matches(one("A|re: 'a.b'"), { A: 'a\nb' })).toBe(false);
    expect(matches(one("A|re|s: 'a.b'"), { A: 'a\nb' })).toBe(true);
    expect(matches(one("A|re: '(?i)^abc'"), { A: 'ABC' })).toBe(true);
  });
  test('invalid expressions are refused with the reason', () => {
    expect(refusal("A|re: 'a(b'")).toMatch(/invalid regular expression/);
    expect(refusal("A|i: 'x'")).toMatch(/without a preceding 're'/);
  });
});

describe('encodings', () => {
  test('base64', () => {
    expect(matches(one('A|base64: hello'), { A: 'aGVsbG8=' })).toBe(true);
    expect(matches(one('A|base64|contains: hello'), { A: 'xxaGVsbG8=xx' })).toBe(true);
  });
  test('base64offset finds the value at every offset of a larger blob', () => {
    const e = one('A|base64offset|contains: secret');
    for (const prefix of ['', 'a', 'ab', 'abc']) {
      const blob = Buffer.from(`${prefix}secret!tail`).toString('base64');
      expect(matches(e, { A: blob })).toBe(true);
    }
    expect(matches(e, { A: Buffer.from('public data').toString('base64') })).toBe(false);
    expect(refusal('A|base64offset: x')).toMatch(/requires 'contains'/);
  });
  test('utf16le / wide / utf16be / utf16 with base64 (PowerShell -enc)', () => {
    const enc = (s: string) => Buffer.from(s, 'utf16le').toString('base64');
    expect(matches(one('A|wide|base64offset|contains: IEX'), { A: `powershell -enc ${enc('x; IEX (new-object x)')}` })).toBe(true);
    expect(matches(one('A|utf16le|base64: ab'), { A: enc('ab') })).toBe(true);
    const be = Buffer.from([0, 0x61, 0, 0x62]).toString('base64');
    expect(matches(one('A|utf16be|base64: ab'), { A: be })).toBe(true);
    const bom = Buffer.from([0xff, 0xfe, 0x61, 0, 0x62, 0]).toString('base64');
    expect(matches(one('A|utf16|base64: ab'), { A: bom })).toBe(true);
  });
  test('wildcards cannot be encoded', () => {
    expect(refusal("A|base64: 'a*'")).toMatch(/wildcards/);
  });
});

describe('numeric, time and network modifiers', () => {
  test('lt / lte / gt / gte, decimal and 0x hex fields', () => {
    expect(matches(one('N|lt: 10'), { N: 9 })).toBe(true);
    expect(matches(one('N|lt: 10'), { N: 10 })).toBe(false);
    expect(matches(one('N|lte: 10'), { N: '10' })).toBe(true);
    expect(matches(one('N|gt: 10'), { N: '0x10' })).toBe(true);
    expect(matches(one('N|gte: 10'), { N: 'ten' })).toBe(false);
    expect(refusal('N|gt: abc')).toMatch(/needs a number/);
  });
  test('time parts', () => {
    const r = { T: '2024-03-09 23:15:00.123' };
    expect(matches(one('T|hour: 23'), r)).toBe(true);
    expect(matches(one('T|minute: 15'), r)).toBe(true);
    expect(matches(one('T|day: 9'), r)).toBe(true);
    expect(matches(one('T|month: 3'), r)).toBe(true);
    expect(matches(one('T|year: 2024'), r)).toBe(true);
    expect(matches(one('T|week: 10'), r)).toBe(true);
    expect(matches(one('T|hour|gte: 22'), { T: '2024-03-09T22:00:00Z' })).toBe(true);
    expect(matches(one('T|hour|gte: 22'), { T: '2024-03-09T08:00:00Z' })).toBe(false);
  });
  test('cidr v4 and v6', () => {
    const v4 = one("Ip|cidr: '10.0.0.0/8'");
    expect(matches(v4, { Ip: '10.200.1.2' })).toBe(true);
    expect(matches(v4, { Ip: '11.0.0.1' })).toBe(false);
    expect(matches(v4, { Ip: 'fe80::1' })).toBe(false);
    const v6 = one("Ip|cidr: 'fe80::/10'");
    expect(matches(v6, { Ip: 'fe80::1c2:3' })).toBe(true);
    expect(matches(v6, { Ip: 'febf:ffff::1' })).toBe(true);
    expect(matches(v6, { Ip: 'fec0::1' })).toBe(false);
    expect(matches(one("Ip|cidr: '::ffff:0:0/96'"), { Ip: '::ffff:192.168.1.1' })).toBe(true);
    expect(matches(one("Ip|cidr: '192.168.1.7/32'"), { Ip: '192.168.1.7' })).toBe(true);
    expect(refusal("Ip|cidr: '10.0.0.0/33'")).toMatch(/not a valid CIDR/);
  });
});

describe('placeholders (expand)', () => {
  const table = { placeholders: { admins: ['adm_*', 'root'], dom: ['corp'] } };
  test('expands to every value; values keep their wildcards', () => {
    const e = one('User|expand: "%admins%"', '', table);
    expect(matches(e, { User: 'ADM_bob' })).toBe(true);
    expect(matches(e, { User: 'root' })).toBe(true);
    expect(matches(e, { User: 'bob' })).toBe(false);
    expect(matches(one('U|expand: "%dom%\\\\%admins%"', '', table), { U: 'corp\\root' })).toBe(true);
  });
  test('an unresolved placeholder refuses the rule', () => {
    expect(refusal('User|expand: "%nope%"', table)).toMatch(/unresolved placeholder '%nope%'/);
  });
});

describe('keywords', () => {
  test('search every string of the record, substring by default', () => {
    const e = ruleWith('keywords:\n  - evil\n  - bad thing\ncondition: keywords');
    expect(matches(e, { msg: 'an EVIL deed' })).toBe(true);
    expect(matches(e, { nested: { deep: ['a bad thing'] } })).toBe(true);
    expect(matches(e, { msg: 'benign' })).toBe(false);
  });
  test("'|all' requires every keyword", () => {
    const e = ruleWith("keywords:\n  '|all':\n    - one\n    - two\ncondition: keywords");
    expect(matches(e, { a: 'one', b: 'two' })).toBe(true);
    expect(matches(e, { a: 'one' })).toBe(false);
  });
});

describe('refusals name the problem and where', () => {
  test.each([
    ['A|nosuch: x', /unknown modifier 'nosuch'/],
    ['A|contains|startswith: x', /cannot be combined/],
    ['A|contains|contains: x', /repeated/],
    ['A|exists: yes', /true or false/],
    ['A: []', /empty list/],
    ['A: {b: 1}', /is a map/],
    ['A|contains: null', /null value cannot take modifiers/],
  ])('%s', (item, reason) => {
    expect(refusal(item)).toMatch(reason);
  });
  test('the message carries the key path', () => {
    try {
      one('A|nosuch: x');
    } catch (e) {
      expect((e as SigmaError).message).toBe("Invalid Sigma rule format: unknown modifier 'nosuch' (at detection.sel.A|nosuch)");
    }
  });
});
