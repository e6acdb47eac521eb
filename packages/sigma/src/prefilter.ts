/**
 * Literal pre-filter for a list of rules. For each rule it derives keys, (field, literal test)
 * pairs of which at least one must hold for the rule to match; per record, equality keys and
 * `\name` suffix keys are answered by hash lookups, longer literals through a trigram index
 * (each is filed under its rarest three characters and verified only when those occur in the
 * value), short ones by a direct test; only rules with a holding key (or without usable keys)
 * are evaluated in full.
 */
import { N_AND, N_OR, N_STR, S_CONTAINS, S_EQ, S_PREFIX, S_SUFFIX, strMatch, type Node, type StrMatch } from './eval-node.js';
import type { EventView } from './event.js';

interface Key {
  field: string;
  m: StrMatch;
  /** From a case-sensitive test: mostly an event id, common to many records, so a last resort (cost). */
  cased: boolean;
}

/** Keys of a node: undefined when no literal test is necessary for it to hold. */
function keysOf(n: Node): Key[] | undefined {
  if (n.kind === N_STR) {
    if (n.all || n.field === '') return undefined;
    const keys: Key[] = [];
    for (const g of n.groups)
      for (const m of g) {
        // A case-sensitive test (a number's text: `EventID: 4728`) is keyed on the lower-cased
        // value too, which holds it whenever the test does as long as lower-casing leaves the
        // literal alone; only whole-value equality is sure of that (lower-casing is contextual).
        if (!n.lower && !(m.kind === S_EQ && m.text.toLowerCase() === m.text)) return undefined;
        if (m.kind !== S_EQ && m.kind !== S_PREFIX && m.kind !== S_SUFFIX && m.kind !== S_CONTAINS) return undefined;
        keys.push({ field: n.field, m, cased: !n.lower });
      }
    return keys;
  }
  if (n.kind === N_OR) {
    const all: Key[] = [];
    for (const k of n.kids) {
      const ks = keysOf(k);
      if (!ks) return undefined;
      all.push(...ks);
    }
    return all;
  }
  if (n.kind === N_AND) {
    let best: Key[] | undefined;
    for (const k of n.kids) {
      const ks = keysOf(k);
      if (ks && (!best || cost(ks) < cost(best))) best = ks;
    }
    return best;
  }
  return undefined;
}

/**
 * Equality and `\name` suffixes are hash lookups; other tests cost a scan each. Keys from
 * case-sensitive tests (event ids) are taken only where a rule has no other: they hold for a
 * whole event type, where a literal of the rule's other items narrows it further.
 */
function cost(keys: Key[]): number {
  let c = 0;
  for (const k of keys) c += k.cased ? 1000 : k.m.kind === S_EQ || baseName(k.m) !== undefined ? 0.05 : 1;
  return c;
}

/** For a suffix `\name` (one backslash, at the start) the file name it requires. */
function baseName(m: StrMatch): string | undefined {
  if (m.kind !== S_SUFFIX || m.text.length < 2 || m.text[0] !== '\\' || m.text.indexOf('\\', 1) >= 0) return undefined;
  return m.text.slice(1);
}

interface ScanEntry {
  m: StrMatch;
  rules: number[];
  /** Epoch in which the entry was last tested, so repeated trigrams test it once. */
  seen: number;
}

interface FieldIndex {
  field: string;
  eq: Map<string, number[]>;
  base: Map<string, number[]>;
  /** Trigram code → literals filed under it. */
  grams: Map<number, ScanEntry[]>;
  scan: ScanEntry[];
  /** Every rule keyed on the field, for values the index cannot read (lists of unnamed Data). */
  rules: number[];
}

/** Three UTF-16 code units as one exact number (48 bits). */
function gramAt(s: string, i: number): number {
  return s.charCodeAt(i) * 4294967296 + s.charCodeAt(i + 1) * 65536 + s.charCodeAt(i + 2);
}

export class Prefilter {
  private always: Uint8Array;
  private fields: FieldIndex[] = [];
  private stamp: Uint32Array;
  private epoch = 0;

  constructor(roots: readonly Node[]) {
    this.always = new Uint8Array(roots.length);
    this.stamp = new Uint32Array(roots.length);
    const byField = new Map<string, FieldIndex>();
    const scanSeen = new Map<string, ScanEntry>();
    roots.forEach((root, i) => {
      const keys = keysOf(root);
      if (!keys || keys.length === 0) {
        this.always[i] = 1;
        return;
      }
      for (const k of keys) {
        let fi = byField.get(k.field);
        if (!fi) byField.set(k.field, (fi = { field: k.field, eq: new Map(), base: new Map(), grams: new Map(), scan: [], rules: [] }));
        fi.rules.push(i);
        const b = baseName(k.m);
        const map = k.m.kind === S_EQ ? fi.eq : b !== undefined ? fi.base : undefined;
        if (map) {
          const key = b ?? k.m.text;
          const list = map.get(key);
          if (list) list.push(i);
          else map.set(key, [i]);
          continue;
        }
        const id = `${k.field}\u0000${k.m.kind}\u0000${k.m.text}`;
        let entry = scanSeen.get(id);
        if (!entry) {
          scanSeen.set(id, (entry = { m: k.m, rules: [], seen: 0 }));
          fi.scan.push(entry);
        }
        entry.rules.push(i);
      }
    });
    for (const fi of byField.values()) fileByGram(fi);
    this.fields = [...byField.values()];
  }

  /** Marks the rules worth evaluating for this record; read with `candidate(i)`. */
  select(ev: EventView): void {
    if (++this.epoch === 0xffffffff) {
      this.stamp.fill(0);
      this.epoch = 1;
    }
    const e = this.epoch;
    const stamp = this.stamp;
    for (let f = 0; f < this.fields.length; f++) {
      const fi = this.fields[f]!;
      const v = ev.lower(fi.field);
      if (v === undefined) {
        if (Array.isArray(ev.get(fi.field))) mark(stamp, fi.rules, e);
        continue;
      }
      if (fi.eq.size) mark(stamp, fi.eq.get(v), e);
      if (fi.base.size) mark(stamp, fi.base.get(v.slice(v.lastIndexOf('\\') + 1)), e);
      const scan = fi.scan;
      for (let s = 0; s < scan.length; s++) {
        const entry = scan[s]!;
        if (strMatch(entry.m, v)) mark(stamp, entry.rules, e);
      }
      if (fi.grams.size === 0) continue;
      for (let p = 0; p + 3 <= v.length; p++) {
        const list = fi.grams.get(gramAt(v, p));
        if (!list) continue;
        for (let j = 0; j < list.length; j++) {
          const entry = list[j]!;
          if (entry.seen === e) continue;
          entry.seen = e;
          if (strMatch(entry.m, v)) mark(stamp, entry.rules, e);
        }
      }
    }
  }

  candidate(i: number): boolean {
    return this.always[i] === 1 || this.stamp[i] === this.epoch;
  }
}

/** Moves literals of three or more characters from the scan list into the trigram index. */
function fileByGram(fi: FieldIndex): void {
  const freq = new Map<number, number>();
  for (const e of fi.scan) for (let p = 0; p + 3 <= e.m.text.length; p++) freq.set(gramAt(e.m.text, p), (freq.get(gramAt(e.m.text, p)) ?? 0) + 1);
  const rest: ScanEntry[] = [];
  for (const e of fi.scan) {
    const t = e.m.text;
    if (t.length < 3) {
      rest.push(e);
      continue;
    }
    let best = gramAt(t, 0);
    for (let p = 1; p + 3 <= t.length; p++) if (freq.get(gramAt(t, p))! < freq.get(best)!) best = gramAt(t, p);
    const list = fi.grams.get(best);
    if (list) list.push(e);
    else fi.grams.set(best, [e]);
  }
  fi.scan = rest;
}

function mark(stamp: Uint32Array, rules: number[] | undefined, e: number): void {
  if (!rules) return;
  for (let i = 0; i < rules.length; i++) stamp[rules[i]!] = e;
}
