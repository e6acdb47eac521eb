// The text groups' trigram index (format 9; formats 5-8 used an FTS5 trigram table, `fts`): for
// every trigram of the groups' documents, the groups holding it, and since format 10 for every
// short EVTX event-data (name, value) of theirs likewise (pairSlot), since format 11 for every short
// value of a `slotted` column (EVTX event and record ids) too. Built on the writer thread with
// typed arrays, which costs a fraction of FTS5's tokenizer and pending-terms hash for the same
// answers (packages/store/README.md, session 23); imports nothing outside this directory.
import { BulkInsert } from './bulk-insert.js';
import type { Db } from './database.js';
import { indexCanNarrow } from './text-index.js';

/**
 * A trigram's slot: newline and printable ASCII (96 symbols) have one slot per trigram of them;
 * every other trigram is hashed into OTHER_SLOTS more, where several may share one. A shared slot
 * only makes a search check more groups: the index answers a superset of the groups holding a
 * needle, which the rows' text then decides, as it does for any trigram match.
 */
const SYMBOLS = 96;
const ASCII_SLOTS = SYMBOLS * SYMBOLS * SYMBOLS;
const OTHER_SLOTS = (1 << 20) - ASCII_SLOTS;
const SLOTS = 1 << 20;
const SYMBOL = new Int8Array(128).fill(-1);
SYMBOL[10] = 0;
for (let c = 32; c < 127; c++) SYMBOL[c] = c - 31;

/** Postings (one a trigram and group) held before they are written as a segment (a run of whole groups): 16 MiB. */
const SEGMENT_POSTINGS = 4 * 1024 * 1024;
/** Bytes of posting lists stored in one row: a lookup reads and scans one such row. */
const ROW_BYTES = 4096;
/** Most trigrams of one needle the index is asked for, spread over it: any subset still narrows to a superset. */
const MAX_TRIGRAMS = 12;

/**
 * Where the trigrams a search looks up start, of a needle's `count` trigrams: up to MAX_TRIGRAMS
 * of them, spread evenly from the first to the last (this index and format 5-8's FTS5 query alike).
 */
export function spreadTrigrams(count: number): number[] {
  const step = Math.max(1, (count - 1) / (MAX_TRIGRAMS - 1));
  return Array.from({ length: Math.max(0, Math.min(count, MAX_TRIGRAMS)) }, (_, k) => Math.min(count - 1, Math.round(k * step)));
}

/** The slot of a trigram with a code unit outside the ASCII table (see SYMBOLS). */
function otherSlot(a: number, b: number, c: number): number {
  return ASCII_SLOTS + (((Math.imul(Math.imul(a, 0x9e3779b1) ^ b, 0x85ebca6b) ^ Math.imul(c, 0xc2b2ae35)) >>> 0) % OTHER_SLOTS);
}

/**
 * The slot of an EVTX event-data (name, value) pair (format 10; formats 5-9 kept pairs in a
 * table): a hash of the name, then the value with ASCII letters folded, in the shared slots. An
 * equals filter is `= ? COLLATE NOCASE`, which folds ASCII letters only, so every value it matches
 * has this slot; a slot shared with other pairs or trigrams only adds groups to check.
 */
export function pairSlot(name: string, value: string): number {
  return pairSlotAfter(pairSeed(name), value);
}

/** The hash of a pair's name, which pairSlotAfter goes on from (the writer keeps one per `slotted` column). */
export function pairSeed(name: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 0x01000193);
  return Math.imul(h, 0x01000193);
}

/** pairSlot of the name whose pairSeed is `seed`. */
export function pairSlotAfter(seed: number, value: string): number {
  let h = seed;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    h = Math.imul(h ^ (c >= 65 && c <= 90 ? c + 32 : c), 0x01000193);
  }
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return ASCII_SLOTS + (((h ^ (h >>> 16)) >>> 0) % OTHER_SLOTS);
}

/** The slot of the trigram of UTF-16 code units a, b, c. */
export function trigramSlot(a: number, b: number, c: number): number {
  const sa = a < 128 ? SYMBOL[a]! : -1;
  const sb = b < 128 ? SYMBOL[b]! : -1;
  const sc = c < 128 ? SYMBOL[c]! : -1;
  return (sa | sb | sc) >= 0 ? (sa * SYMBOLS + sb) * SYMBOLS + sc : otherSlot(a, b, c);
}

function putVarint(out: Uint8Array, at: number, v: number): number {
  while (v >= 0x80) {
    out[at++] = (v & 0x7f) | 0x80;
    v >>>= 7;
  }
  out[at++] = v;
  return at;
}

function varintSize(v: number): number {
  return v < 0x80 ? 1 : v < 0x4000 ? 2 : v < 0x200000 ? 3 : v < 0x10000000 ? 4 : 5;
}

/** The index's table: see TrigramIndexWriter. */
export const GRAMS_TABLE = 'CREATE TABLE grams (id INTEGER PRIMARY KEY, data BLOB NOT NULL)';

/** A row's id: its segment, then its first slot (a rowid table keeps rows of a few KiB in their leaf pages). */
const rowId = (segment: number, slot: number): number => segment * SLOTS + slot;

/**
 * Builds the index from the groups' documents, in group order. A segment is stored as rows of
 * about ROW_BYTES, keyed by (segment, first slot in the row: rowId); a row holds, slot after slot, the
 * slot's distance from the previous one, its number of groups, then the groups ascending as the
 * first and each next one's distance from the one before (varints).
 */
export class TrigramIndexWriter {
  /** By slot: the last group given a posting for it. */
  private readonly last = new Int32Array(SLOTS).fill(-1);
  /** Slots, group after group; `groups[i]`'s postings end at `ends[i]`. */
  private postings = new Uint32Array(1 << 16);
  private count = 0;
  private groups: number[] = [];
  private ends: number[] = [];
  private segment = 0;
  private readonly insert: BulkInsert;

  constructor(
    db: Db,
    /** Postings that end a segment (tests make it small). */
    private readonly segmentPostings = SEGMENT_POSTINGS,
  ) {
    this.insert = new BulkInsert(db, 'INSERT INTO grams (id, data)', 2);
  }

  /**
   * Indexes group `group`'s document and its other slots (pairSlot), if any (groups come in
   * increasing order).
   */
  add(group: number, doc: string, slots: readonly number[] = []): void {
    const most = Math.max(0, doc.length - 2) + slots.length;
    if (most === 0) return;
    if (this.count > 0 && this.count + most > this.segmentPostings) this.writeSegment();
    if (this.count + most > this.postings.length) {
      const grown = new Uint32Array(Math.max(this.count + most, Math.min(this.segmentPostings, this.postings.length * 2)));
      grown.set(this.postings.subarray(0, this.count));
      this.postings = grown;
    }
    const { last, postings } = this;
    let count = this.count;
    for (const slot of slots) {
      if (last[slot] !== group) {
        last[slot] = group;
        postings[count++] = slot;
      }
    }
    let a = doc.charCodeAt(0);
    let b = doc.charCodeAt(1);
    let sa = a < 128 ? SYMBOL[a]! : -1;
    let sb = b < 128 ? SYMBOL[b]! : -1;
    for (let i = 2; i < doc.length; i++) {
      const c = doc.charCodeAt(i);
      const sc = c < 128 ? SYMBOL[c]! : -1;
      const slot = (sa | sb | sc) >= 0 ? (sa * SYMBOLS + sb) * SYMBOLS + sc : otherSlot(a, b, c);
      if (last[slot] !== group) {
        last[slot] = group;
        postings[count++] = slot;
      }
      a = b;
      b = c;
      sa = sb;
      sb = sc;
    }
    this.count = count;
    this.groups.push(group);
    this.ends.push(count);
  }

  /** Writes the postings still held. */
  finish(): void {
    this.writeSegment();
    this.insert.flush();
  }

  private writeSegment(): void {
    if (this.count === 0) return;
    // Counting sort of the postings by slot; groups stay ascending within each slot.
    const start = new Uint32Array(SLOTS + 1);
    for (let p = 0; p < this.count; p++) start[this.postings[p]! + 1]!++;
    for (let s = 0; s < SLOTS; s++) start[s + 1]! += start[s]!;
    const next = start.slice(0, SLOTS);
    const bySlot = new Uint32Array(this.count);
    let p = 0;
    for (let g = 0; g < this.groups.length; g++) {
      const group = this.groups[g]!;
      for (const end = this.ends[g]!; p < end; p++) bySlot[next[this.postings[p]!]!++] = group;
    }
    // Sizes first: one buffer holds the segment's rows, each a view of it.
    let size = 0;
    let previous = 0;
    for (let s = 0; s < SLOTS; s++) {
      if (start[s] === start[s + 1]) continue;
      size += varintSize(s - previous) + varintSize(start[s + 1]! - start[s]!);
      previous = s;
      let prev = 0;
      for (let q = start[s]!; q < start[s + 1]!; q++) {
        size += varintSize(bySlot[q]! - prev);
        prev = bySlot[q]!;
      }
    }
    const out = new Uint8Array(size);
    let at = 0;
    let rowStart = 0;
    let rowSlot = -1;
    previous = 0;
    for (let s = 0; s < SLOTS; s++) {
      if (start[s] === start[s + 1]) continue;
      if (rowSlot < 0) {
        rowSlot = s;
        previous = s;
      }
      at = putVarint(out, at, s - previous);
      at = putVarint(out, at, start[s + 1]! - start[s]!);
      previous = s;
      let prev = 0;
      for (let q = start[s]!; q < start[s + 1]!; q++) {
        at = putVarint(out, at, bySlot[q]! - prev);
        prev = bySlot[q]!;
      }
      if (at - rowStart >= ROW_BYTES) {
        this.insert.add([rowId(this.segment, rowSlot), out.subarray(rowStart, at)]);
        rowStart = at;
        rowSlot = -1;
      }
    }
    if (rowSlot >= 0) this.insert.add([rowId(this.segment, rowSlot), out.subarray(rowStart, at)]);
    this.segment++;
    this.last.fill(-1);
    this.count = 0;
    this.groups = [];
    this.ends = [];
  }
}

/**
 * The slots a search looks up: up to MAX_TRIGRAMS trigrams of each needle the index can narrow by
 * (text-index.ts), spread over it; undefined when no needle has one.
 */
export function needleSlots(needles: readonly string[]): number[] | undefined {
  const slots = new Set<number>();
  for (const n of needles) {
    if (!indexCanNarrow(n)) continue;
    for (const i of spreadTrigrams(n.length - 2)) slots.add(trigramSlot(n.charCodeAt(i), n.charCodeAt(i + 1), n.charCodeAt(i + 2)));
  }
  return slots.size === 0 ? undefined : [...slots].sort((x, y) => x - y);
}

/** A varint reader over one row of a segment. */
class Cursor {
  at = 0;
  constructor(readonly data: Uint8Array) {}

  get done(): boolean {
    return this.at >= this.data.length;
  }

  next(): number {
    let v = 0;
    let scale = 1;
    let byte: number;
    do {
      byte = this.data[this.at++] ?? 0;
      v += (byte & 0x7f) * scale;
      scale *= 128;
    } while (byte & 0x80);
    return v;
  }
}

/** The groups `slot` lists in a row that starts at `rowSlot`, or undefined when it lists none. */
function groupsIn(data: Uint8Array, rowSlot: number, slot: number): Uint32Array | undefined {
  const c = new Cursor(data);
  let s = rowSlot;
  while (!c.done) {
    s += c.next();
    const n = c.next();
    if (s > slot) return undefined;
    if (s === slot) {
      const out = new Uint32Array(n);
      let group = 0;
      for (let i = 0; i < n; i++) out[i] = group += c.next();
      return out;
    }
    for (let i = 0; i < n; i++) c.next();
  }
  return undefined;
}

/** Groups in both ascending lists. */
function intersect(a: Uint32Array, b: Uint32Array): Uint32Array {
  const out = new Uint32Array(Math.min(a.length, b.length));
  let n = 0;
  for (let i = 0, j = 0; i < a.length && j < b.length;) {
    if (a[i]! < b[j]!) i++;
    else if (a[i]! > b[j]!) j++;
    else {
      out[n++] = a[i]!;
      i++;
      j++;
    }
  }
  return out.subarray(0, n);
}

/** Reads a store's trigram index. */
export class TrigramIndexReader {
  private readonly row;
  private readonly segments: number;

  constructor(db: Db) {
    // Plucked statements still answer rows from `get` (libsql): rows are read raw.
    this.row = db.prepare('SELECT id, data FROM grams WHERE id BETWEEN ? AND ? ORDER BY id DESC LIMIT 1').raw();
    const last = (db.prepare('SELECT max(id) FROM grams').raw().get() as [number | null])[0];
    this.segments = last === null ? 0 : Math.floor(last / SLOTS) + 1;
  }

  /** The groups whose documents hold a trigram in every one of `slots` (see needleSlots). */
  groupsHolding(slots: readonly number[]): Set<number> {
    const found = new Set<number>();
    for (let seg = 0; seg < this.segments; seg++) {
      const lists: Uint32Array[] = [];
      for (const slot of slots) {
        const row = this.row.get(rowId(seg, 0), rowId(seg, slot)) as [number, Uint8Array] | undefined;
        const groups = row && groupsIn(row[1], row[0] - rowId(seg, 0), slot);
        if (groups === undefined) break;
        lists.push(groups);
      }
      if (lists.length < slots.length) continue;
      lists.sort((x, y) => x.length - y.length);
      let groups = lists[0]!;
      for (let i = 1; i < lists.length && groups.length > 0; i++) groups = intersect(groups, lists[i]!);
      for (const g of groups) found.add(g);
    }
    return found;
  }
}
