// The reader's query paths (text-group narrowing, template groups, (name, value) pairs, column
// indexes, the time walk) against the plain condition checked on every row: the same totals and
// the same pages, whichever path a query takes.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'libsql';
import { LocalFiles } from '@quarry/storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RecordStores, type RecordStoreReader, type SearchQuery } from '../../src/index.js';
import { planOf } from '../../src/record-store/query.js';
import { shapeFor } from '../../src/record-store/rows/shapes.js';
import { buildStore, HAVE_SAMPLES, NO_SAMPLES, SAMPLES, shippedTemplates, tempDir } from './support.js';

const QUERIES: Omit<SearchQuery, 'page' | 'show'>[] = [
  { search: 'powershell' },
  { search: 'logon' },
  { search: 'exe' },
  { search: 'x6' },
  { search: 'mimikatz' },
  { search: '', filters: [{ field: 'details.LogonType', operator: 'equals', value: '3' }] },
  { search: '', filters: [{ field: 'details.TargetUserName', operator: 'equals', value: 'system' }] },
  { search: 'exe', filters: [{ field: 'details.LogonType', operator: 'equals', value: '2' }] },
  { search: '', filters: [{ field: 'event_id', operator: 'equals', value: '4624' }] },
  { search: '', filters: [{ field: 'event_id', operator: 'equals', value: '1' }] },
  { search: 'svchost', filters: [{ field: 'event_id', operator: 'equals', value: '1' }] },
  { search: '', filters: [{ field: 'computer', operator: 'ends_with', value: '.local' }] },
  { search: '', filters: [{ field: 'computer', operator: 'starts_with', value: 'desktop' }] },
  { search: '', filters: [{ field: 'details.CommandLine', operator: 'contains', value: 'http' }] },
  {
    search: 'logon',
    filters: [
      { field: 'event_id', operator: 'not_equals', value: '4624' },
      { field: 'provider', operator: 'does_not_contain', value: 'PowerShell' },
    ],
  },
  // Times and numbers are not in the trigram index: text that may lie in one is checked on every row.
  { search: '2019-' },
  { search: ':00.0' },
  { search: '0 utc' },
  { search: 'logon', filters: [{ field: 'timestamp', operator: 'starts_with', value: '2019' }] },
  { search: '', filters: [{ field: 'record_id', operator: 'contains', value: '12' }] },
  { search: '', filters: [{ field: 'details.UtcTime', operator: 'starts_with', value: '2019-' }] },
  { search: '4624' },
  { search: '', filters: [{ field: 'details.ProcessId', operator: 'equals', value: '4' }] },
  { search: '0x', filters: [{ field: 'record_id', operator: 'starts_with', value: '1' }] },
  // Event and record ids narrow through their pair slots (format 11).
  { search: '', filters: [{ field: 'record_id', operator: 'equals', value: '1' }] },
  { search: 'exe', filters: [{ field: 'record_id', operator: 'equals', value: '12' }] },
  { search: '', filters: [{ field: 'event_id', operator: 'starts_with', value: '46' }] },
  { search: '', filters: [{ field: 'event_id', operator: 'equals', value: '7045' }] },
  { search: 'powershell', filters: [{ field: 'event_id', operator: 'equals', value: '4104' }] },
  {
    search: '',
    filters: [
      { field: 'event_id', operator: 'equals', value: '4688' },
      { field: 'record_id', operator: 'not_equals', value: '5' },
    ],
  },
  // Across parts (Timestamp, Provider, Computer): the index documents hold parts apart, so these narrow piece by piece.
  { search: 'utc\nmicrosoft-windows-security-auditing\n' },
  { search: 'sysmon\ndesktop' },
];

describe.skipIf(!HAVE_SAMPLES)(`record store query paths ${!HAVE_SAMPLES ? NO_SAMPLES : ''}`, () => {
  const { dir, cleanup } = tempDir();
  const stores = new RecordStores(new LocalFiles(dir));
  let reader: RecordStoreReader<'winevtx'>;
  let db: InstanceType<typeof Database>;
  let templates: [number, string][];

  beforeAll(async () => {
    const evtx = readdirSync(join(SAMPLES, 'evtx'), { recursive: true, encoding: 'utf8' })
      .filter((f) => f.toLowerCase().endsWith('.evtx'))
      .sort()
      .slice(0, 60)
      .map((f) => join('evtx', f));
    await buildStore(stores, 'paths-job', 'winevtx', evtx, null, await shippedTemplates());
    reader = (await stores.open('paths-job', 'winevtx', null))!;
    db = new Database(join(dir, 'paths-job.winevtx.db'));
    templates = db.prepare('SELECT id, text FROM templates').raw().all() as [number, string][];
  }, 300_000);
  afterAll(() => {
    reader?.close();
    db?.close();
    cleanup();
  });

  /** Record ids of the rows matching `q`, in result order, found by checking every row. */
  function everyRow(q: Omit<SearchQuery, 'page' | 'show'>): string[] {
    const { where } = planOf(shapeFor('winevtx'), q, (lowered) => templates.filter(([, t]) => t.toLowerCase().includes(lowered)).map(([id]) => id));
    return (
      db
        .prepare(`SELECT record_id FROM rows NOT INDEXED WHERE ${where.sql} ORDER BY time, id`)
        .raw()
        .all(...where.params) as [string][]
    ).map(([r]) => r);
  }

  it('the store is large enough for every path', () => {
    expect(reader.search({ search: '', page: 1, show: 1 }).total).toBeGreaterThan(1000);
    // The searches across parts match rows (or they would prove nothing).
    expect(everyRow({ search: 'utc\nmicrosoft-windows-security-auditing\n' }).length).toBeGreaterThan(0);
    expect(everyRow({ search: 'sysmon\ndesktop' }).length).toBeGreaterThan(0);
  });

  it.each(QUERIES.map((q) => [JSON.stringify(q), q] as const))('%s: the same total and pages as every row checked', (_, q) => {
    const expected = everyRow(q);
    for (const [page, show] of [
      [1, 10],
      [2, 100],
      [10, 100],
    ] as const) {
      const r = reader.search({ ...q, page, show });
      expect(r.total).toBe(Math.min(expected.length, 1000));
      expect(r.totalIsLowerBound ?? false).toBe(expected.length > 1000);
      expect(r.entries.map((e) => e[0][1])).toEqual(
        expected.slice((page - 1) * show, page * show).slice(0, Math.max(0, Math.min(1000, expected.length) - (page - 1) * show)),
      );
    }
  });
});
