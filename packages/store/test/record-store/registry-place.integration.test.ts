import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { runPipeline, type HiveRef, type RecordSink } from '@quarry/insights';
import { Hive, type RegistryKey } from '@quarry/registry';
import { LocalFiles } from '@quarry/storage';
import Database from 'libsql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RecordStores, type RecordStoreReader, type SearchQuery } from '../../src/index.js';
import { READABLE_FORMATS } from '../../src/record-store/schema.js';
import { HAVE_SAMPLES, inputsOf, NO_SAMPLES, SAMPLES, tempDir } from './support.js';

/** Every sample hive (transaction logs left out: each hive is read as it is). */
function sampleHives(): string[] {
  const dir = join(SAMPLES, 'registry');
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => !/\.log\d?$/i.test(f) && statSync(join(dir, f)).isFile() && readFileSync(join(dir, f)).subarray(0, 4).toString('latin1') === 'regf')
    .sort()
    .map((f) => join('registry', f));
}

/**
 * The store as format 7 wrote it: every key as JSON. Its sink hands the writer each hive with a
 * stand-in for the opened hive (no bytes to keep keys in), one per hive, as the pipeline does.
 */
function jsonOnly(sink: RecordSink<'registry'>): RecordSink<'registry'> {
  const refs = new Map<HiveRef, HiveRef>();
  return {
    write({ hive, key }, input) {
      let ref = refs.get(hive);
      if (!ref) {
        ref = { ...hive, hive: { baseBlock: hive.hive.baseBlock } as Hive };
        refs.set(hive, ref);
      }
      return sink.write({ hive: ref, key }, input);
    },
    close: () => sink.close(),
    abort: () => sink.abort(),
  };
}

const same = (got: unknown, want: unknown): void => {
  if (!isDeepStrictEqual(got, want)) expect(got).toEqual(want);
};

/** The one value of a one-row, one-column query. */
const one = (db: Database.Database, sql: string): unknown => (db.prepare(sql).raw().get() as unknown[])[0];

const QUERIES: Omit<SearchQuery, 'page' | 'show'>[] = [
  { search: '' },
  { search: 'run' },
  { search: 'administrator' },
  { search: 'xp' },
  { search: '', filters: [{ field: 'key', operator: 'starts_with', value: 'sam\\domains\\account\\users\\' }] },
  { search: '', filters: [{ field: 'details.Value', operator: 'contains', value: '4100640064' }] },
  { search: 'users', filters: [{ field: 'details.ValueName', operator: 'equals', value: 'V' }] },
  { search: '', filters: [{ field: 'details.ValueType', operator: 'equals', value: 'RegBinary' }] },
  { search: '', startTime: Date.UTC(2018, 3, 1), endTime: Date.UTC(2021, 0, 1) },
];

describe.skipIf(!HAVE_SAMPLES)(`registry keys kept as their place in the stored hive ${HAVE_SAMPLES ? '' : NO_SAMPLES}`, () => {
  const { dir, cleanup } = tempDir();
  const hives = HAVE_SAMPLES ? sampleHives() : [];
  let placed: RecordStoreReader<'registry'>;
  let json: RecordStoreReader<'registry'>;
  beforeAll(async () => {
    const stores = new RecordStores(new LocalFiles(dir));
    const run = (sink: RecordSink<'registry'>) =>
      runPipeline({ category: 'registry', inputs: inputsOf(hives), options: { runSigmaRules: false }, threads: 1, sink, analyzers: [] });
    await run(stores.writer('placed-job', 'registry', null));
    await run(jsonOnly(stores.writer('json-job', 'registry', null)));
    // What the JSON-only writer built is a format-7 store (READABLE_FORMATS).
    expect(READABLE_FORMATS).toContain('7');
    const db = new Database(join(dir, 'json-job.registry.db'));
    expect(one(db, 'SELECT count(*) FROM chunks')).toBe(0);
    db.prepare("UPDATE meta SET value = '7' WHERE key = 'format'").run();
    db.close();
    placed = (await stores.open('placed-job', 'registry', null))!;
    json = (await stores.open('json-job', 'registry', null))!;
  }, 300_000);
  afterAll(() => {
    placed?.close();
    json?.close();
    cleanup();
  });

  it('keeps the hives in chunks and the live keys as their place, not their JSON', () => {
    expect(hives.length).toBeGreaterThanOrEqual(20);
    const db = new Database(join(dir, 'placed-job.registry.db'), { readonly: true });
    try {
      const bytes = hives.reduce((n, h) => n + statSync(join(SAMPLES, h)).size, 0);
      // Pieces of at most 1 MiB: at least one per hive, and one per MiB of the samples.
      expect(one(db, 'SELECT count(*) FROM chunks')).toBeGreaterThanOrEqual(Math.max(hives.length, Math.ceil(bytes / 2 ** 20)));
      const blockBytes = (path: string) => {
        const d = new Database(path, { readonly: true });
        try {
          return one(d, 'SELECT sum(length(data)) FROM blocks') as number;
        } finally {
          d.close();
        }
      };
      // The keys' JSON payloads are gone but for deleted keys and keys with warnings.
      expect(blockBytes(join(dir, 'placed-job.registry.db'))).toBeLessThan(blockBytes(join(dir, 'json-job.registry.db')) / 4);
    } finally {
      db.close();
    }
  });

  it('gives every key back as the parser read it, as a format-7 store does', () => {
    // The parser's own walk of each hive, in job order, beside both stores' records().
    function* walked(): Generator<RegistryKey> {
      for (const h of hives) yield* new Hive(readFileSync(join(SAMPLES, h))).walk({ deleted: true });
    }
    const fromParser = walked();
    const fromJson = json.records({ search: '' });
    let n = 0;
    for (const { record, input } of placed.records({ search: '' })) {
      const old = fromJson.next();
      const want = fromParser.next();
      expect(old.done).toBe(false);
      expect(want.done).toBe(false);
      if (old.done || want.done) return;
      // isDeepStrictEqual first: toEqual on each of 60,000 keys takes a minute.
      same(record.key, want.value);
      same(record.key, old.value.record.key);
      same(record.hive, old.value.record.hive);
      same(input, old.value.input);
      n++;
    }
    expect(fromJson.next().done).toBe(true);
    expect(fromParser.next().done).toBe(true);
    expect(n).toBeGreaterThan(60_000);
  }, 300_000);

  it('answers searches and filters as the format-7 store does', () => {
    for (const q of QUERIES) {
      for (const page of [1, 2]) {
        const query = { ...q, page, show: 100 };
        const got = placed.search(query);
        expect(got).toEqual(json.search(query));
        if (page === 1) expect(got.total, JSON.stringify(q)).toBeGreaterThan(0);
      }
      const keys = (r: RecordStoreReader<'registry'>) => [...r.records(q)].map(({ record }) => `${record.hive.name}:${record.key.offset}`);
      expect(keys(placed)).toEqual(keys(json));
    }
  }, 300_000);
});
