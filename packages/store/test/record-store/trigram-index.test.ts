import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase, type Db } from '../../src/record-store/database.js';
import { GRAMS_TABLE, needleSlots, pairSlot, TrigramIndexReader, TrigramIndexWriter } from '../../src/record-store/trigram-index.js';
import { tempDir } from './support.js';

/** A seeded generator, so a failure can be replayed. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s ^ (s >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0;
    return s / 2 ** 32;
  };
}

const WORDS = [
  'logon',
  'svchost.exe',
  'c:\\windows\\system32',
  's-1-5-18',
  'ntlm',
  'café',
  'straße',
  '日本語のテキスト',
  'emoji 😀 here',
  'x',
  'ab',
  '0x3e7',
  'run',
  'runonce',
  'Ünïcödé',
];

/** A group's document as the writer builds it: distinct parts, each between newlines. */
function documentOf(next: () => number): string {
  const parts = new Set<string>();
  const n = 1 + Math.floor(next() * 12);
  for (let i = 0; i < n; i++) {
    const w = WORDS[Math.floor(next() * WORDS.length)]!;
    parts.add(next() < 0.5 ? w : `${w}${Math.floor(next() * 50)}`.toLowerCase());
  }
  return `\n${[...parts].join('\n')}\n`;
}

/** Every trigram of a text, as its three code units. */
const trigramsOf = (text: string): string[] => Array.from({ length: Math.max(0, text.length - 2) }, (_, i) => text.slice(i, i + 3));

describe('the trigram index (format 9; pairs in it since format 10)', () => {
  const { dir, cleanup } = tempDir();
  afterAll(cleanup);
  let stores = 0;

  function build(docs: Map<number, string>, segmentPostings?: number, pairs = new Map<number, number[]>()): Db {
    const db = createDatabase(join(dir, `t${stores++}.db`), null);
    db.exec(GRAMS_TABLE);
    const writer = new TrigramIndexWriter(db, segmentPostings);
    const groups = [...new Set([...docs.keys(), ...pairs.keys()])].sort((x, y) => x - y);
    for (const group of groups) writer.add(group, docs.get(group) ?? '', pairs.get(group));
    writer.finish();
    return db;
  }

  const next = random(20261129);
  const docs = new Map<number, string>();
  // Gaps between groups, and group numbers past 2^21 (varints of three and four bytes).
  for (let g = 0, i = 0; i < 600; i++, g += 1 + Math.floor(next() * (i > 500 ? 40_000 : 3))) docs.set(g, documentOf(next));

  it('finds every group holding a needle, and for ASCII needles exactly those holding all its trigrams, over several segments', () => {
    const db = build(docs, 2_000);
    const segments = db.prepare('SELECT count(DISTINCT id >> 20) FROM grams').raw().get() as [number];
    expect(segments[0]).toBeGreaterThan(3);
    const reader = new TrigramIndexReader(db);
    const texts = [...docs.values()];
    const needles = new Set<string>(['logon', 'system32', 'café', 'straße', '日本語', '😀 h', 'zzzz', 'n\nl', '\nrun\n', 'テキス']);
    for (let i = 0; i < 300; i++) {
      const text = texts[Math.floor(next() * texts.length)]!;
      const at = Math.floor(next() * text.length);
      needles.add(text.slice(at, at + 3 + Math.floor(next() * 10)));
    }
    let checked = 0;
    for (const needle of needles) {
      const slots = needleSlots([needle]);
      if (slots === undefined) continue;
      checked++;
      const got = reader.groupsHolding(slots);
      const holding = [...docs].filter(([, d]) => d.includes(needle)).map(([g]) => g);
      for (const g of holding) expect(got.has(g), `${JSON.stringify(needle)} in group ${g}`).toBe(true);
      // Every trigram of a needle of up to 14 characters is looked up; ASCII ones have a slot each.
      if (/^[\n\x20-\x7e]{3,14}$/.test(needle)) {
        const grams = trigramsOf(needle);
        const exact = [...docs].filter(([, d]) => grams.every((t) => d.includes(t))).map(([g]) => g);
        expect(
          [...got].sort((x, y) => x - y),
          JSON.stringify(needle),
        ).toEqual(exact);
      }
    }
    expect(checked).toBeGreaterThan(200);
    db.close();
  });

  it('answers alike in one segment and in many', () => {
    const one = build(docs);
    const many = build(docs, 500);
    const a = new TrigramIndexReader(one);
    const b = new TrigramIndexReader(many);
    for (const needle of ['logon', 'svchost', 'straße', '日本', 'emoji 😀', '\nntlm\n', 'run1']) {
      const slots = needleSlots([needle]);
      if (slots) expect(b.groupsHolding(slots), needle).toEqual(a.groupsHolding(slots));
    }
    one.close();
    many.close();
  });

  it('ANDs needles, and keeps lists longer than a row', () => {
    const big = new Map<number, string>();
    for (let g = 0; g < 20_000; g++) big.set(g * 7, g % 3 === 0 ? '\ncommon\nfizz\n' : '\ncommon\n');
    const db = build(big);
    const reader = new TrigramIndexReader(db);
    expect(reader.groupsHolding(needleSlots(['common'])!).size).toBe(20_000);
    const both = reader.groupsHolding(needleSlots(['common', 'fizz'])!);
    expect(both.size).toBe(Math.ceil(20_000 / 3));
    for (const g of both) expect((g / 7) % 3).toBe(0);
    expect(reader.groupsHolding(needleSlots(['common', 'buzz'])!).size).toBe(0);
    db.close();
  });

  it('does not narrow by needles without a trigram it holds', () => {
    expect(needleSlots(['ab'])).toBeUndefined();
    expect(needleSlots(['4624', '2021-03-04'])).toBeUndefined();
    expect(needleSlots(['ab', 'logon'])).toEqual(needleSlots(['logon']));
  });

  it('finds the groups holding (name, value) pairs beside their documents, values compared with ASCII letters folded', () => {
    // Event-data values as the writer sees them: name and value, several to a group, repeated.
    const names = ['LogonType', 'ProcessId', 'TargetUserName', 'Status'];
    const values = ['2', '3', '10', '4', 'SYSTEM', 'IEUser', '0xC000006D', 'Ärger'];
    const pairNext = random(7);
    const held = new Map<number, [string, string][]>();
    for (let g = 0; g < 3000; g += 1 + Math.floor(pairNext() * 3)) {
      const list: [string, string][] = [];
      for (let k = Math.floor(pairNext() * 5); k > 0; k--)
        list.push([names[Math.floor(pairNext() * names.length)]!, values[Math.floor(pairNext() * values.length)]!]);
      held.set(g, list);
    }
    const slots = new Map([...held].map(([g, list]) => [g, list.map(([n, v]) => pairSlot(n, v))]));
    // Documents for some groups only: a group may hold pairs and no indexed text.
    const textDocs = new Map([...held.keys()].filter((g) => g % 2 === 0).map((g) => [g, documentOf(pairNext)]));
    for (const segmentPostings of [undefined, 500]) {
      const db = build(textDocs, segmentPostings, slots);
      const reader = new TrigramIndexReader(db);
      for (const name of names) {
        for (const value of values) {
          const expected = [...held].filter(([, list]) => list.some(([n, v]) => n === name && v.toLowerCase() === value.toLowerCase())).map(([g]) => g);
          const found = [...reader.groupsHolding([pairSlot(name, value.toUpperCase())])].sort((x, y) => x - y);
          // A slot shared with another pair or a trigram may add groups, never lose one.
          expect(found).toEqual(expect.arrayContaining(expected));
          expect(found.length).toBeLessThan(expected.length + 5);
        }
      }
      // Documents still answer as before, alongside the pairs.
      for (const needle of ['logon', 'svchost']) {
        const expected = [...textDocs].filter(([, doc]) => doc.includes(needle)).map(([g]) => g);
        expect([...reader.groupsHolding(needleSlots([needle])!)].sort((x, y) => x - y)).toEqual(expected);
      }
      db.close();
    }
  });

  it('folds only ASCII letters of a pair value, and keeps names as spelled', () => {
    expect(pairSlot('TargetUserName', 'SYSTEM')).toBe(pairSlot('TargetUserName', 'system'));
    expect(pairSlot('TargetUserName', 'ÄRGER')).not.toBe(pairSlot('TargetUserName', 'ärger'));
    expect(pairSlot('targetusername', 'system')).not.toBe(pairSlot('TargetUserName', 'system'));
    expect(pairSlot('LogonType', '2')).not.toBe(pairSlot('LogonType', '3'));
  });

  it('answers nothing from an empty index', () => {
    const db = build(new Map());
    expect(new TrigramIndexReader(db).groupsHolding(needleSlots(['logon'])!).size).toBe(0);
    db.close();
  });
});
