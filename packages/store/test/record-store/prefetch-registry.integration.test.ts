import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { LocalFiles } from '@quarry/storage';
import Database from 'libsql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePrefetch } from '@quarry/prefetch';
import { openHive } from '@quarry/registry';
import { findTool, toolGate } from '@quarry/testkit';
import { RecordStores, type RecordStoreReader } from '../../src/index.js';
import { READABLE_FORMATS } from '../../src/record-store/schema.js';
import { buildStore, HAVE_SAMPLES, NO_SAMPLES, samplePath, tempDir } from './support.js';

const PF = ['CALC.EXE-3FBEF7FD.pf', 'CHROME.EXE-B3BA7868.pf', 'CMD.EXE-D269B812.pf'].map((f) => `prefetch/Windows-Prefetch-Parser/Win10/${f}`);
const SAM = 'registry/regipy/SAM';
const regDump = toolGate('reg_dump');

describe.skipIf(!HAVE_SAMPLES)(`prefetch store ${HAVE_SAMPLES ? '' : NO_SAMPLES}`, () => {
  const { dir, cleanup } = tempDir();
  let reader: RecordStoreReader<'prefetch'>;
  beforeAll(async () => {
    const stores = new RecordStores(new LocalFiles(dir));
    await buildStore(stores, 'pf-job', 'prefetch', PF, null);
    reader = (await stores.open('pf-job', 'prefetch', null))!;
  });
  afterAll(() => {
    reader?.close();
    cleanup();
  });
  const total = (q: Partial<Parameters<RecordStoreReader<'prefetch'>['search']>[0]>) => reader.search({ search: '', page: 1, show: 10, ...q }).total;

  it('shows one row per file with the spec columns and detail keys; names come from the file names', () => {
    expect(reader.table).toEqual({ title: 'Prefetch Table', columns: ['Prefetch File', 'File Name', 'File Path', 'Prefetch Data'] });
    const { entries } = reader.search({ search: '', filters: [{ field: 'prefetch_file', operator: 'starts_with', value: 'cmd.exe-' }], page: 1, show: 10 });
    expect(entries).toHaveLength(1);
    const [cells, detail] = entries[0]!;
    expect(cells[0]).toBe('CMD.EXE-D269B812.pf');
    expect(cells[1]).toBe('CMD.EXE');
    expect(cells[2]!.toUpperCase()).toMatch(/\\CMD\.EXE$/);
    expect(Object.keys(detail)).toEqual(['Count', 'RunTimes', 'Modules', 'Volumes', 'Version']);
    const parsed = parsePrefetch(readFileSync(samplePath(PF[2]!)));
    expect(detail['Count']).toBe(String(parsed.runCount));
    expect(detail['RunTimes']!.split(', ')).toHaveLength(parsed.lastRunTimes.filter((t) => t !== null).length);
  });

  it('filters every field, lists item by item', () => {
    expect(total({ filters: [{ field: 'file_name', operator: 'ends_with', value: '.exe' }] })).toBe(3);
    expect(total({ filters: [{ field: 'file_name', operator: 'not_equals', value: 'calc.exe' }] })).toBe(2);
    expect(total({ filters: [{ field: 'file_path', operator: 'contains', value: 'chrome' }] })).toBe(1);
    expect(total({ filters: [{ field: 'version', operator: 'equals', value: '30' }] })).toBe(3);
    expect(total({ filters: [{ field: 'details.Modules', operator: 'ends_with', value: 'NTDLL.DLL' }] })).toBe(3);
    expect(total({ filters: [{ field: 'details.Modules', operator: 'does_not_contain', value: 'chrome_elf.dll' }] })).toBe(2);
    expect(total({ filters: [{ field: 'details.Volumes', operator: 'starts_with', value: '\\volume' }] })).toBe(3);
    expect(
      total({ filters: [{ field: 'details.Count', operator: 'equals', value: String(parsePrefetch(readFileSync(samplePath(PF[0]!))).runCount) }] }),
    ).toBeGreaterThan(0);
    const first = parsePrefetch(readFileSync(samplePath(PF[0]!))).lastRunTimes[1]!;
    expect(total({ filters: [{ field: 'details.RunTimes', operator: 'starts_with', value: first.slice(0, 10) }] })).toBeGreaterThan(0);
  });

  it('matches a time window when any run time falls in it', () => {
    const parsed = parsePrefetch(readFileSync(samplePath(PF[0]!)));
    const older = Date.parse(parsed.lastRunTimes.filter((t) => t !== null).at(-1)!);
    const others = PF.slice(1).flatMap((f) =>
      parsePrefetch(readFileSync(samplePath(f)))
        .lastRunTimes.filter((t) => t !== null)
        .map((t) => Date.parse(t!)),
    );
    const expected = 1 + (others.some((t) => Math.abs(t - older) <= 1) ? 1 : 0);
    expect(total({ startTime: older - 1, endTime: older + 1 })).toBe(expected);
  });

  it('gives the parsed file back for re-analysis', () => {
    const [only] = [...reader.records({ search: 'CALC.EXE' })];
    expect(only!.record.result).toEqual(parsePrefetch(readFileSync(samplePath(PF[0]!)), { fileName: basename(PF[0]!) }));
  });
});

describe.skipIf(!HAVE_SAMPLES || regDump.skip)(`registry store ${!HAVE_SAMPLES ? NO_SAMPLES : regDump.skip ? regDump.reason : ''}`, () => {
  const { dir, cleanup } = tempDir();
  let reader: RecordStoreReader<'registry'>;
  /** reg_dump's keys (live, and with --recover also the recovered ones): path and number of values. */
  let keys: { path: string; values: number }[];
  let recovered: { path: string; values: number }[];
  beforeAll(async () => {
    const stores = new RecordStores(new LocalFiles(dir));
    await buildStore(stores, 'reg-job', 'registry', [SAM], null);
    reader = (await stores.open('reg-job', 'registry', null))!;
    const dump = (...extra: string[]) => {
      const out = join(mkdtempSync(join(tmpdir(), 'reg-dump-')), 'sam.jsonl');
      execFileSync(findTool('reg_dump')!, ['-i', samplePath(SAM), '-o', out, '-t', 'jsonl', ...extra], { stdio: 'ignore' });
      return readFileSync(out, 'utf8')
        .trim()
        .split('\n')
        .map((l) => {
          const k = JSON.parse(l) as { path: string; sub_values?: unknown[] };
          return { path: k.path, values: k.sub_values?.length ?? 0 };
        });
    };
    keys = dump();
    recovered = dump('--recover');
  });
  afterAll(() => {
    reader?.close();
    cleanup();
  });
  const total = (q: Partial<Parameters<RecordStoreReader<'registry'>['search']>[0]>) => reader.search({ search: '', page: 1, show: 10, ...q }).total;

  it('has one row per value and one per key without values, as reg_dump lists them', () => {
    expect(reader.table.columns).toEqual(['File Name', 'Root Key', 'Key', 'Last Write Time', 'Registry Data']);
    // The pipeline also yields keys recovered from unallocated cells (reg_dump --recover finds a similar few).
    const all = [...reader.records({ search: '' })].map((r) => r.record.key);
    expect(all.filter((k) => !k.deleted)).toHaveLength(keys.length);
    expect(all.length).toBeGreaterThanOrEqual(recovered.length);
    expect(total({})).toBeGreaterThanOrEqual(keys.reduce((n, k) => n + Math.max(1, k.values), 0));
    expect(
      total({
        filters: [
          { field: 'details.ValueName', operator: 'equals', value: '' },
          { field: 'details.ValueType', operator: 'equals', value: '' },
        ],
      }),
    ).toBe(keys.filter((k) => k.values === 0).length);
  });

  it('filters key paths and value fields', () => {
    const under = keys.filter((k) => k.path.toLowerCase().includes('\\sam\\domains\\account\\users\\')).reduce((n, k) => n + Math.max(1, k.values), 0);
    expect(under).toBeGreaterThan(0);
    expect(total({ filters: [{ field: 'key', operator: 'starts_with', value: 'sam\\domains\\account\\users\\' }] })).toBe(under);
    // The key's cells are kept once per key; a search still matches each of its value rows by them.
    expect(total({ search: 'SAM\\Domains\\Account\\Users\\' })).toBe(under);
    // …and a search across the two (a newline between the key's last part and the value's first) too.
    const binary = total({
      filters: [
        { field: 'details.ValueType', operator: 'equals', value: 'RegBinary' },
        { field: 'details.LastWriteTime', operator: 'ends_with', value: ' UTC' },
      ],
    });
    expect(binary).toBeGreaterThan(0);
    expect(total({ search: ' UTC\nRegBinary\n' })).toBe(binary);
    expect(total({ search: 'sam\\domains\\account\\users\\', filters: [{ field: 'details.ValueName', operator: 'equals', value: 'V' }] })).toBe(
      keys.filter((k) => /\\sam\\domains\\account\\users\\0000/i.test(k.path)).length,
    );
    expect(total({ filters: [{ field: 'file_name', operator: 'equals', value: 'sam' }] })).toBe(total({}));
    expect(total({ filters: [{ field: 'root_key', operator: 'contains', value: 'CreateHive' }] })).toBe(total({}));
    expect(total({ filters: [{ field: 'details.ValueType', operator: 'equals', value: 'RegBinary' }] })).toBeGreaterThan(0);
    expect(total({ filters: [{ field: 'details.LastWriteTime', operator: 'starts_with', value: '20' }] })).toBe(total({}));
  });

  it('narrows key path searches and filters without losing rows (paths indexed under their parents)', () => {
    // Needles across two or three path components of deep keys: a narrowed positive filter and its
    // (unnarrowed) negative twin split the rows between them, and a search finds at least as many.
    const deep = keys.map((k) => k.path).filter((p) => p.split('\\').length >= 5);
    expect(deep.length).toBeGreaterThan(20);
    const all = total({});
    for (const path of deep.filter((_, i) => i % Math.floor(deep.length / 20) === 0)) {
      const last = path.lastIndexOf('\\');
      const needle = path.slice(path.lastIndexOf('\\', last - 1) - 3).toUpperCase();
      const holding = total({ filters: [{ field: 'key', operator: 'contains', value: needle }] });
      expect(holding, needle).toBeGreaterThan(0);
      expect(total({ filters: [{ field: 'key', operator: 'does_not_contain', value: needle }] }), needle).toBe(all - holding);
      expect(total({ search: needle }), needle).toBeGreaterThanOrEqual(holding);
    }
  });

  it('finds binary values by hex and by their UTF-16 text', () => {
    // SAM user V values hold the account name as UTF-16: "Administrator" is in every SAM.
    const byText = total({ search: 'administrator', filters: [{ field: 'details.ValueType', operator: 'equals', value: 'RegBinary' }] });
    expect(byText).toBeGreaterThan(0);
    const hex = Buffer.from('Administrator', 'utf16le').toString('hex');
    expect(total({ filters: [{ field: 'details.Value', operator: 'contains', value: hex }] })).toBeGreaterThan(0);
    expect(
      total({
        filters: [
          { field: 'details.Value', operator: 'contains', value: 'ADMINISTRATOR' },
          { field: 'details.ValueType', operator: 'equals', value: 'RegBinary' },
        ],
      }),
    ).toBe(byText);
    // A negative operator is its positive twin's complement, item by item.
    const holding = total({ filters: [{ field: 'details.Value', operator: 'contains', value: 'administrator' }] });
    expect(holding).toBeGreaterThanOrEqual(byText);
    expect(total({ filters: [{ field: 'details.Value', operator: 'does_not_contain', value: 'administrator' }] })).toBe(total({}) - holding);
  });

  it('gives keys back with every value, one hive ref per hive', () => {
    const got = [...reader.records({ search: '', filters: [{ field: 'key', operator: 'starts_with', value: 'sam\\domains\\account\\users\\' }] })];
    const want = keys.filter((k) => k.path.toLowerCase().includes('\\sam\\domains\\account\\users\\'));
    expect(got.map((g) => g.record.key.values.length)).toEqual(want.map((k) => k.values));
    expect(new Set(got.map((g) => g.record.hive)).size).toBe(1);
    expect(got[0]!.record.hive.name).toBe('SAM');
    expect(typeof got[0]!.record.hive.hive.baseBlock.fileName).toBe('string');
    expect(Buffer.isBuffer(got.flatMap((g) => g.record.key.values)[0]!.raw)).toBe(true);
  });

  it('gives each key back as the parser read it: every member, decoded data and raw bytes', async () => {
    const walked = new Map<string, unknown>();
    for (const k of (await openHive(samplePath(SAM))).walk()) walked.set(`${k.path}@${k.offset}`, k);
    const got = [...reader.records({ search: '' })].map((r) => r.record.key).filter((k) => !k.deleted);
    expect(got).toHaveLength(walked.size);
    for (const k of got) expect(k).toEqual(walked.get(`${k.path}@${k.offset}`));
    // Binary data comes back as bytes, numbers as numbers.
    const values = got.flatMap((k) => k.values);
    expect(values.some((v) => v.type === 'RegBinary' && Buffer.isBuffer(v.data) && v.data.equals(v.raw))).toBe(true);
    expect(values.some((v) => typeof v.data === 'number')).toBe(true);
  });
});

describe.skipIf(!HAVE_SAMPLES)(`store format ${HAVE_SAMPLES ? '' : NO_SAMPLES}`, () => {
  const { dir, cleanup } = tempDir();
  afterAll(cleanup);

  it('refuses a store of another format as corrupt instead of misreading it', async () => {
    const stores = new RecordStores(new LocalFiles(dir));
    await buildStore(stores, 'fmt-job', 'registry', [SAM], null);
    (await stores.open('fmt-job', 'registry', null))!.close();
    const db = new Database(join(dir, 'fmt-job.registry.db'));
    // Format 4, the newest this version does not read (READABLE_FORMATS).
    expect(READABLE_FORMATS).not.toContain('4');
    db.prepare("UPDATE meta SET value = '4' WHERE key = 'format'").run();
    db.close();
    await expect(stores.open('fmt-job', 'registry', null)).rejects.toMatchObject({ name: 'RecordStoreError', code: 'corrupt' });
  });
});
