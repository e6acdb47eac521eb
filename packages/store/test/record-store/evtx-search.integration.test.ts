import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Database from 'libsql';
import { LocalFiles } from '@quarry/storage';
import { openEvtx, type EvtxRecord } from '@quarry/evtx';
import { toolGate } from '@quarry/testkit';
import type { FilterOperator } from '@quarry/vocabulary';
import { RecordStoreError, RecordStores, type RecordStoreReader } from '../../src/index.js';
import { SHORT_VALUE } from '../../src/record-store/rows/shape.js';
import { TEXT_GROUP_SHIFT } from '../../src/record-store/schema.js';
import { indexHolds } from '../../src/record-store/text-index.js';
import { pairSlot, TrigramIndexWriter } from '../../src/record-store/trigram-index.js';
import { dumpEvents, type DumpedEvent } from './evidence.js';
import { buildStore, HAVE_SAMPLES, inputsOf, NO_SAMPLES, samplePath, shippedTemplates, tempDir } from './support.js';

const FILES = [
  'evtx/EVTX-ATTACK-SAMPLES/LM_WMI_4624_4688_TargetHost.evtx',
  'evtx/EVTX-ATTACK-SAMPLES/Sysmon_UACME_64.evtx',
  'evtx/EVTX-ATTACK-SAMPLES/CA_4624_4625_LogonType2_LogonProc_chrome.evtx',
];
/** A record's own enumerable fields (without the parser's lazy XML renderer and chunk). */
const plain = (r: object): object => Object.fromEntries(Object.entries(r));

/**
 * The `pairs` table a store of format 5-9 has (format 10 keeps pairs as slots of its trigram
 * index), made from a store's rows as such a writer filled it: each text group's distinct short
 * event-data values (SHORT_VALUE characters at most), lowercased (the evidence's are ASCII).
 */
function addPairsTable(db: InstanceType<typeof Database>): void {
  db.exec(`
    CREATE TABLE pairs (name TEXT NOT NULL, value TEXT NOT NULL, grp INTEGER NOT NULL, PRIMARY KEY (name, value, grp)) WITHOUT ROWID;
    INSERT INTO pairs SELECT DISTINCT d.key, lower(d.value), (rows.id - 1) >> ${TEXT_GROUP_SHIFT}
      FROM rows, json_each(rows.details) AS d WHERE length(d.value) BETWEEN 1 AND ${SHORT_VALUE};
  `);
}

/**
 * The trigram index as a store of format 10 has it, remade from a store's rows: each text group's
 * indexed parts and its short event-data values' pair slots, but no slots of event and record ids
 * (format 11 on: rows/shape.ts `slotted`).
 */
function remakeFormat10Grams(db: InstanceType<typeof Database>): void {
  const docs = new Map<number, { parts: Set<string>; slots: number[] }>();
  for (const [id, text, details] of db.prepare('SELECT id, text, details FROM rows ORDER BY id').raw().all() as [number, string, string][]) {
    const group = (id - 1) >> TEXT_GROUP_SHIFT;
    if (!docs.has(group)) docs.set(group, { parts: new Set(), slots: [] });
    const doc = docs.get(group)!;
    for (const part of text.split('\n')) if (indexHolds(part)) doc.parts.add(part);
    for (const [name, value] of Object.entries(JSON.parse(details) as Record<string, string>)) {
      if (value.length >= 1 && value.length <= SHORT_VALUE) doc.slots.push(pairSlot(name, value));
    }
  }
  db.exec('DELETE FROM grams');
  const index = new TrigramIndexWriter(db);
  for (const [group, { parts, slots }] of docs) index.add(group, parts.size > 0 ? `\n${[...parts].join('\n')}\n` : '', slots);
  index.finish();
}
const gate = toolGate('evtx_dump');

/** The spec's operators, case-insensitively, on one string (the evidence side of every filter test). */
function holds(op: FilterOperator, value: string, needle: string): boolean {
  const v = value.toLowerCase();
  const n = needle.toLowerCase();
  switch (op) {
    case 'equals':
      return v === n;
    case 'not_equals':
      return v !== n;
    case 'contains':
      return v.includes(n);
    case 'does_not_contain':
      return !v.includes(n);
    case 'starts_with':
      return v.startsWith(n);
    case 'ends_with':
      return v.endsWith(n);
  }
}

describe.skipIf(!HAVE_SAMPLES || gate.skip)(`EVTX record store ${!HAVE_SAMPLES ? NO_SAMPLES : gate.skip ? gate.reason : ''}`, () => {
  const { dir, cleanup } = tempDir();
  const stores = new RecordStores(new LocalFiles(dir));
  let reader: RecordStoreReader<'winevtx'>;
  let events: DumpedEvent[];

  /**
   * `details.<name> equals` filters on short values, the ones pairs narrow, on a store of an older
   * format: their totals as the evidence counts them, and the same pages as this format's store.
   * The cases the evidence holds come first; `present` says how many (each must match a row).
   */
  function expectPairFilters(old: RecordStoreReader<'winevtx'>, present: number, extra: readonly [string, string][] = []): void {
    const cases: [string, string][] = [['TargetUserName', 'IEUser'], ['LogonType', '2'], ...extra];
    for (const [i, [name, value]] of cases.entries()) {
      const expected = events.filter((e) => holds('equals', e.data[name] ?? '', value)).length;
      if (i < present) expect(expected).toBeGreaterThan(0);
      const q = { search: '', filters: [{ field: `details.${name}`, operator: 'equals' as const, value }], page: 1, show: 100 };
      expect([name, value, old.search(q).total]).toEqual([name, value, expected]);
      expect(old.search(q)).toEqual(reader.search(q));
    }
  }
  /**
   * Runs `check` on a copy of this format's store made into an older one: `edit` changes its
   * tables, then its meta says `format`.
   */
  async function olderStore(
    format: string,
    edit: (db: InstanceType<typeof Database>) => void,
    check: (old: RecordStoreReader<'winevtx'>) => void,
  ): Promise<void> {
    const name = `fmt${format}-job`;
    const path = join(dir, `${name}.winevtx.db`);
    copyFileSync(join(dir, 'evtx-job.winevtx.db'), path);
    const db = new Database(path);
    edit(db);
    db.prepare("UPDATE meta SET value = ? WHERE key = 'format'").run(format);
    db.close();
    const old = (await stores.open(name, 'winevtx', null))!;
    try {
      check(old);
    } finally {
      old.close();
    }
  }
  const count = (q: Parameters<RecordStoreReader<'winevtx'>['search']>[0]) => reader.search(q).total;

  beforeAll(async () => {
    await buildStore(stores, 'evtx-job', 'winevtx', FILES, null, await shippedTemplates());
    reader = (await stores.open('evtx-job', 'winevtx', null))!;
    events = dumpEvents(FILES);
  });
  afterAll(() => {
    reader?.close();
    cleanup();
  });

  it('holds one row per record, with the spec title and columns', () => {
    expect(reader.table).toEqual({ title: 'Event Table', columns: ['Event ID', 'Record ID', 'Timestamp', 'Provider', 'Computer', 'Message', 'Event Data'] });
    expect(count({ search: '', page: 1, show: 10 })).toBe(events.length);
    const [cells, detail] = reader.search({
      search: '',
      filters: [
        { field: 'record_id', operator: 'equals', value: events[0]!.recordId },
        { field: 'event_id', operator: 'equals', value: events[0]!.id },
      ],
      page: 1,
      show: 1,
    }).entries[0]!;
    expect(cells).toHaveLength(6);
    expect(cells.slice(0, 2)).toEqual([events[0]!.id, events[0]!.recordId]);
    expect(cells[2]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3} UTC$/);
    expect(detail).toEqual(events[0]!.data);
  });

  it('counts 4624 events as evtx_dump does', () => {
    const expected = events.filter((e) => e.id === '4624').length;
    expect(expected).toBe(9);
    expect(count({ search: '', filters: [{ field: 'event_id', operator: 'equals', value: '4624' }], page: 1, show: 10 })).toBe(expected);
  });

  it('applies every operator to every column field, case-insensitively', () => {
    const fields: [string, (e: DumpedEvent) => string, string][] = [
      ['event_id', (e) => e.id, '1'],
      ['record_id', (e) => e.recordId, '13'],
      ['provider', (e) => e.provider, 'MICROSOFT-windows-sysmon'],
      ['computer', (e) => e.computer, 'msedgewin10'],
      ['details.Image', (e) => e.data['Image'] ?? '', 'c:\\windows\\system32\\cmd.exe'],
      ['details.TargetUserName', (e) => e.data['TargetUserName'] ?? '', 'ieuser'],
    ];
    const ops: FilterOperator[] = ['equals', 'not_equals', 'contains', 'does_not_contain', 'starts_with', 'ends_with'];
    for (const [field, get, value] of fields) {
      for (const operator of ops) {
        const expected = events.filter((e) => holds(operator, get(e), value)).length;
        expect([field, operator, count({ search: '', filters: [{ field, operator, value }], page: 1, show: 10 })]).toEqual([field, operator, expected]);
      }
    }
    // The operators' own halves: the evidence must hit both sides for the checks to mean anything.
    expect(events.filter((e) => holds('contains', e.provider, 'sysmon')).length).toBeGreaterThan(0);
    expect(events.filter((e) => holds('equals', e.data['TargetUserName'] ?? '', 'IEUser')).length).toBeGreaterThan(0);
  });

  it('reads a format-9 store, whose short event-data values are narrowed through a pairs table', async () => {
    await olderStore(
      '9',
      (db) => {
        addPairsTable(db);
        expect((db.prepare('SELECT count(*) FROM pairs').raw().get() as [number])[0]).toBeGreaterThan(0);
      },
      (fmt9) => expectPairFilters(fmt9, 0, [['LogonType', '9']]),
    );
  });

  it('reads a format-10 store, whose event and record ids have indexes and no pair slots', async () => {
    const edit = (db: InstanceType<typeof Database>): void => {
      remakeFormat10Grams(db);
      // Format 10 indexed event and record ids instead.
      db.exec('CREATE INDEX rows_event_id ON rows (event_id); CREATE INDEX rows_record_id ON rows (record_id)');
    };
    await olderStore('10', edit, (fmt10) => {
      // Record ids from each log (each holds its record ids once), and one none holds.
      const byId = (value: string) => ({ search: '', filters: [{ field: 'record_id', operator: 'equals' as const, value }], page: 1, show: 100 });
      const present = [events[0]!, events[Math.floor(events.length / 2)]!, events.at(-1)!].map((e) => e.recordId);
      for (const value of [...present, '999999999']) {
        const expected = events.filter((e) => e.recordId === value).length;
        expect([value, fmt10.search(byId(value)).total]).toEqual([value, expected]);
        expect(fmt10.search(byId(value))).toEqual(reader.search(byId(value)));
      }
      expect(present.every((v) => events.some((e) => e.recordId === v))).toBe(true);
      // Event id filters, through their index.
      for (const [operator, value] of [
        ['equals', '4624'],
        ['starts_with', '46'],
        ['equals', '1'],
      ] as const) {
        const q = { search: '', filters: [{ field: 'event_id', operator, value }], page: 1, show: 100 };
        const expected = events.filter((e) => holds(operator, e.id, value)).length;
        expect(expected).toBeGreaterThan(0);
        expect([operator, value, fmt10.search(q).total]).toEqual([operator, value, expected]);
        expect(fmt10.search(q)).toEqual(reader.search(q));
      }
      // The same store's event-data pairs still narrow as format 10's do.
      expectPairFilters(fmt10, 2);
      // With a text search beside it (part of the record's computer name), as the evidence counts it.
      const last = events.at(-1)!;
      const part = last.computer.slice(0, 6);
      const q = { search: part, filters: [{ field: 'record_id', operator: 'equals' as const, value: last.recordId }], page: 1, show: 100 };
      const expected = events.filter((e) => e.recordId === last.recordId && e.computer.toLowerCase().includes(part.toLowerCase())).length;
      expect(expected).toBeGreaterThan(0);
      expect(fmt10.search(q).total).toBe(expected);
      expect(fmt10.search(q)).toEqual(reader.search(q));
    });
  });

  it('reads a format-6 store, whose pairs table has a rowid and an index of its own', async () => {
    // Format 7 keeps pairs as a table without rowid keyed (name, value, grp); format 6 had both.
    const edit = (db: InstanceType<typeof Database>): void => {
      addPairsTable(db);
      db.exec(`
        CREATE TABLE pairs6 (name TEXT NOT NULL, value TEXT NOT NULL, grp INTEGER NOT NULL);
        INSERT INTO pairs6 SELECT name, value, grp FROM pairs;
        DROP TABLE pairs;
        ALTER TABLE pairs6 RENAME TO pairs;
        CREATE INDEX pairs_name_value ON pairs (name, value, grp);
      `);
    };
    await olderStore('6', edit, (fmt6) => expectPairFilters(fmt6, 2));
  });

  it('reads a format-8 store, whose trigram index is an FTS5 table', async () => {
    // Format 8's index: one FTS5 document per text group, its distinct indexed parts between newlines.
    const edit = (db: InstanceType<typeof Database>): void => {
      addPairsTable(db);
      db.exec("CREATE VIRTUAL TABLE fts USING fts5(text, content='', detail=none, columnsize=0, tokenize='trigram')");
      const docs = new Map<number, Set<string>>();
      for (const [id, text] of db.prepare('SELECT id, text FROM rows ORDER BY id').raw().all() as [number, string][]) {
        const group = (id - 1) >> TEXT_GROUP_SHIFT;
        if (!docs.has(group)) docs.set(group, new Set());
        for (const part of text.split('\n')) if (indexHolds(part)) docs.get(group)!.add(part);
      }
      const insert = db.prepare('INSERT INTO fts (rowid, text) VALUES (?, ?)');
      for (const [group, parts] of docs) insert.run(group, `\n${[...parts].join('\n')}\n`);
      db.exec('DROP TABLE grams');
    };
    await olderStore('8', edit, (fmt8) => {
      const queries = [
        { search: 'chrome' },
        { search: 'logon' },
        { search: 'successfully logged on' },
        { search: 'ntlm', filters: [{ field: 'event_id', operator: 'equals' as const, value: '4624' }] },
        { search: '', filters: [{ field: 'details.TargetUserName', operator: 'equals' as const, value: 'IEUser' }] },
        { search: '', filters: [{ field: 'provider', operator: 'contains' as const, value: 'sysmon' }] },
        { search: 'no such text anywhere' },
      ];
      for (const q of queries) {
        const query = { ...q, page: 1, show: 100 };
        expect([q, fmt8.search(query)]).toEqual([q, reader.search(query)]);
      }
      const chrome = events.filter((e) => [e.provider, e.computer, ...Object.values(e.data)].some((v) => v.toLowerCase().includes('chrome'))).length;
      expect(chrome).toBeGreaterThan(0);
      expect(fmt8.search({ search: 'chrome', page: 1, show: 1 }).total).toBe(chrome);
    });
  });

  it('ANDs several criteria and treats LIKE wildcards in values literally', () => {
    const expected = events.filter((e) => e.id === '4624' && e.computer.toLowerCase().startsWith('msedge')).length;
    expect(expected).toBeGreaterThan(0);
    expect(
      count({
        search: '',
        filters: [
          { field: 'event_id', operator: 'equals', value: '4624' },
          { field: 'computer', operator: 'starts_with', value: 'MSEDGE' },
        ],
        page: 1,
        show: 10,
      }),
    ).toBe(expected);
    expect(count({ search: '', filters: [{ field: 'provider', operator: 'contains', value: '%' }], page: 1, show: 10 })).toBe(0);
    expect(count({ search: '', filters: [{ field: 'provider', operator: 'contains', value: "_'; DROP TABLE rows; --" }], page: 1, show: 10 })).toBe(0);
    expect(count({ search: '', page: 1, show: 10 })).toBe(events.length);
  });

  it('searches text case-insensitively and partially, by index from 3 characters and by scan below', () => {
    const expected = events.filter((e) => [e.provider, e.computer, ...Object.values(e.data)].some((v) => v.toLowerCase().includes('chrome'))).length;
    expect(expected).toBeGreaterThan(0);
    for (const s of ['chrome', 'CHROME', 'hRoM']) expect(count({ search: s, page: 1, show: 10 })).toBe(expected);
    // Two characters: every row found holds them, and every row holding "chrome" holds "hr".
    const short = reader.search({ search: 'HR', page: 1, show: 100 });
    expect(short.total).toBeGreaterThanOrEqual(expected);
    for (const [cells, detail] of short.entries) expect([...cells, ...Object.values(detail)].join('\n').toLowerCase()).toContain('hr');
  });

  it('matches message template text (4624 "successfully logged on")', () => {
    expect(count({ search: 'Successfully Logged On', page: 1, show: 10 })).toBe(events.filter((e) => e.id === '4624').length);
  });

  it('pages in time order: page 2 of show 1 is the second row of show 2', () => {
    const two = reader.search({ search: '', page: 1, show: 2 }).entries;
    expect(reader.search({ search: '', page: 2, show: 1 }).entries).toEqual([two[1]]);
    const hundred = reader.search({ search: '', page: 1, show: 100 }).entries;
    expect(reader.search({ search: '', page: 3, show: 10 }).entries).toEqual(hundred.slice(20, 30));
    const times = hundred.map((e) => e[0][2]!);
    expect([...times].sort()).toEqual(times);
    const beyond = reader.search({ search: '', page: 10, show: 100 });
    expect(beyond).toEqual({ entries: events.length > 900 ? beyond.entries : [], total: events.length });
  });

  it('windows by record time, inclusive at both ends', async () => {
    const times: number[] = [];
    // Record header time; a header without one (FILETIME 0, here one record) falls back to TimeCreated.
    for (const f of FILES) {
      for await (const r of openEvtx(samplePath(f))) {
        const t = r.timestamp.getTime();
        times.push(t > 0 ? t : Date.parse((r.event['Event'] as any).System.TimeCreated['#attributes'].SystemTime));
      }
    }
    times.sort((a, b) => a - b);
    const start = times[Math.floor(times.length / 3)]!;
    const end = times[Math.floor((2 * times.length) / 3)]!;
    expect(count({ search: '', startTime: start, endTime: end, page: 1, show: 10 })).toBe(times.filter((t) => t >= start && t <= end).length);
    expect(count({ search: '', startTime: end + 1, page: 1, show: 10 })).toBe(times.filter((t) => t > end).length);
    expect(() => reader.search({ search: '', startTime: end, endTime: start - 1, page: 1, show: 10 })).toThrow(RecordStoreError);
  });

  it('refuses unknown fields, operators and pages outside the spec with a typed error', () => {
    const err = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return e instanceof RecordStoreError ? e.code : e;
      }
      return 'no error';
    };
    expect(err(() => reader.search({ search: '', filters: [{ field: 'nope', operator: 'equals', value: '' }], page: 1, show: 1 }))).toBe('unknown-field');
    expect(err(() => reader.search({ search: '', filters: [{ field: 'details.a"b', operator: 'equals', value: '' }], page: 1, show: 1 }))).toBe(
      'unknown-field',
    );
    expect(err(() => reader.search({ search: '', filters: [{ field: 'provider', operator: 'like' as FilterOperator, value: '' }], page: 1, show: 1 }))).toBe(
      'invalid-query',
    );
    expect(err(() => reader.search({ search: '', page: 11, show: 1 }))).toBe('invalid-query');
    expect(err(() => reader.search({ search: '', page: 1, show: 101 }))).toBe('invalid-query');
  });

  it('gives the matching records back as the parser read them, once each, in job order', async () => {
    const parsed = [];
    for (const f of FILES) for await (const r of openEvtx(samplePath(f))) parsed.push(r);
    // Own enumerable properties only: the parser's lazy XML renderer (a symbol) is not kept.
    const want = parsed.filter((r) => (r.event['Event'] as any).System.EventID === 4624).map(plain);
    const got = [...reader.records({ search: '', filters: [{ field: 'event_id', operator: 'equals', value: '4624' }] })];
    expect(want).toHaveLength(9);
    expect(got.map((g) => plain(g.record))).toEqual(want);
    expect(got.map((g) => g.input.position)).toEqual([0, 0, 0, 0, 0, 0, 2, 2, 2]);
    expect([...reader.records({ search: '' })].map((g) => plain(g.record))).toEqual(parsed.map(plain));
  });
});

describe.skipIf(!HAVE_SAMPLES)(`EVTX records kept in their chunks or as JSON ${HAVE_SAMPLES ? '' : NO_SAMPLES}`, () => {
  const { dir, cleanup } = tempDir();
  const stores = new RecordStores(new LocalFiles(dir));
  const inputs = inputsOf(FILES).map((i) => i.ref);
  let parsed: { record: EvtxRecord; input: number }[];
  afterAll(cleanup);

  beforeAll(async () => {
    parsed = [];
    for (const [input, f] of FILES.entries()) for await (const record of openEvtx(samplePath(f))) parsed.push({ record, input });
  });

  /** A store of the parsed records; `cloned` ones as records whose chunk is not (or no longer) lent: a structured clone, without it. */
  async function store(jobId: string, cloned: (i: number) => boolean): Promise<string> {
    const writer = stores.writer(jobId, 'winevtx', null);
    for (const [i, { record, input }] of parsed.entries()) await writer.write(cloned(i) ? structuredClone(record) : record, inputs[input]!);
    await writer.close();
    return join(dir, `${jobId}.winevtx.db`);
  }

  async function readBack(jobId: string): Promise<object[]> {
    const reader = (await stores.open(jobId, 'winevtx', null))!;
    try {
      return [...reader.records({ search: '' })].map((g) => plain(g.record));
    } finally {
      reader.close();
    }
  }

  it('gives every record back as the parser read it, from its chunk or from its JSON, in one store', async () => {
    const path = await store('mixed', (i) => i % 3 === 0);
    const db = new Database(path);
    const [inChunks, asJson] = db.prepare('SELECT sum(block < 0), sum(block >= 0) FROM rows').raw().get() as [number, number];
    db.close();
    expect(asJson).toBe(Math.ceil(parsed.length / 3));
    expect(inChunks).toBe(parsed.length - asJson);
    expect(await readBack('mixed')).toEqual(parsed.map((p) => plain(p.record)));
  });

  it('keeps records parsed on worker threads in their chunks: the same store as from the job thread', async () => {
    // With a file large enough that the pool reuses its buffers (more than 2 threads × 3 runs of 8 chunks).
    const files = [...FILES, 'evtx/DFIRArtifactMuseum/Win2012R2_StolenSzechuan/Security.evtx'];
    const build = async (jobId: string, threads: number): Promise<{ path: string; records: object[] }> => {
      const writer = stores.writer(jobId, 'winevtx', null, { eventTemplates: await shippedTemplates() });
      const records: object[] = [];
      for (const [input, f] of files.entries()) {
        for await (const record of openEvtx(samplePath(f), { threads, chunksPerThread: 1 })) {
          records.push(plain(record));
          await writer.write(record, { ...inputs[0]!, position: input });
        }
      }
      await writer.close();
      return { path: join(dir, `${jobId}.winevtx.db`), records };
    };
    const onThread = await build('job-thread', 1);
    const onWorkers = await build('worker-threads', 2);
    expect(onWorkers.records).toEqual(onThread.records);
    const tables = (path: string) => {
      const db = new Database(path);
      try {
        const all = (sql: string): unknown[] => db.prepare(sql).raw().all();
        return {
          rows: all('SELECT * FROM rows ORDER BY id'),
          chunks: all('SELECT id, idx, data FROM chunks ORDER BY id'),
          blocks: all('SELECT id FROM blocks'),
          templates: all('SELECT * FROM templates ORDER BY id'),
          grams: all('SELECT * FROM grams ORDER BY id'),
        };
      } finally {
        db.close();
      }
    };
    const a = tables(onThread.path);
    const b = tables(onWorkers.path);
    expect(a.rows.length).toBe(onThread.records.length);
    expect(a.blocks).toEqual([]);
    expect(b).toEqual(a);
    expect(await readBack('worker-threads')).toEqual(onThread.records);
  });

  it('reads a format-5 store, whose records all keep their JSON and which has no chunks table', async () => {
    const path = await store('fmt5', () => true);
    const db = new Database(path);
    db.exec("DROP TABLE chunks; UPDATE meta SET value = '5' WHERE key = 'format'");
    db.close();
    expect(await readBack('fmt5')).toEqual(parsed.map((p) => plain(p.record)));
  });
});
