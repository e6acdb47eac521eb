import { describe, expect, it } from 'vitest';
import { FILTER_OPERATORS, type FilterOperator, type LookupModule } from '@quarry/vocabulary';
import { MODULES } from '../src/modules.js';
import { parseLookupParams } from '../src/params.js';
import { queryDataset } from '../src/query/lookup.js';
import { shipped } from './support.js';

/** The spec's semantics written out plainly, independent of the engine's memoised predicates. */
function reference(op: FilterOperator, cell: string, value: string, separator: string | undefined): boolean {
  const values = (separator ? cell.split(separator) : [cell]).map((v) => v.toLowerCase());
  const v = value.toLowerCase();
  switch (op) {
    case 'equals':
      return values.includes(v);
    case 'not_equals':
      return !values.includes(v);
    case 'contains':
      return values.some((x) => x.includes(v));
    case 'does_not_contain':
      return !values.some((x) => x.includes(v));
    case 'starts_with':
      return values.some((x) => x.startsWith(v));
    case 'ends_with':
      return values.some((x) => x.endsWith(v));
  }
}

/** A real value of the column: the second value of a multi-value cell when there is one. */
function sampleValue(rows: string[][], column: number, separator: string | undefined): string {
  const cells = rows.map((r) => r[column]!).filter(Boolean);
  const multi = separator ? cells.find((c) => c.includes(separator)) : undefined;
  return multi ? multi.split(separator!)[1]! : cells[Math.floor(cells.length / 2)]!;
}

function operand(op: FilterOperator, value: string): string {
  if (op === 'starts_with') return value.slice(0, Math.max(1, Math.ceil(value.length / 2))).toUpperCase();
  if (op === 'ends_with') return value.slice(Math.floor(value.length / 2)).toUpperCase();
  if (op === 'contains' || op === 'does_not_contain') return value.length <= 2 ? value : value.slice(1, -1);
  return value.toUpperCase(); // equals / not_equals: case-insensitive
}

const MODULE_NAMES: LookupModule[] = ['file_name', 'event_id'];

describe.each(MODULE_NAMES)('every operator on every column of %s', (module) => {
  const def = MODULES[module];
  for (const [column, name] of def.columns.entries()) {
    const separator = def.multiValue.includes(name) ? def.separator : undefined;
    it.each(FILTER_OPERATORS)(`${name} %s`, async (op) => {
      const { ds, rows } = await shipped(module);
      const value = operand(op, sampleValue(rows, column, separator));
      const expected = rows.filter((r) => reference(op, r[column]!, value, separator));
      const params = parseLookupParams({ module, search: '', filter: [{ field: name, operator: op, value }], show: 100 });
      const result = queryDataset(ds, params);
      expect(result.total).toBe(expected.length);
      expect(result.total).toBeGreaterThan(0);
      expect(result.rows).toEqual(expected.slice(0, 100));
    });
  }
});

describe('multi-value cells match per value, never across the separator', () => {
  it('## in file_name', async () => {
    const { ds } = await shipped('file_name');
    const across = 'cmd.exe##C:\\Windows\\SysWOW64';
    const r = queryDataset(ds, parseLookupParams({ module: 'file_name', search: '', filter: [{ field: 'File Path', operator: 'contains', value: across }] }));
    expect(r.total).toBe(0);
    const one = queryDataset(
      ds,
      parseLookupParams({ module: 'file_name', search: '', filter: [{ field: 'File Path', operator: 'equals', value: 'c:\\windows\\syswow64\\cmd.exe' }] }),
    );
    expect(one.rows.map((row) => row[0])).toEqual(['cmd.exe']);
    const ends = queryDataset(
      ds,
      parseLookupParams({ module: 'file_name', search: 'cmd.exe', filter: [{ field: 'File Path', operator: 'ends_with', value: 'system32\\cmd.exe' }] }),
    );
    expect(ends.rows[0]![0]).toBe('cmd.exe'); // first value ends so, though the whole cell does not
  });

  it('| in event_id Data Fields', async () => {
    const { ds } = await shipped('event_id');
    const params = parseLookupParams({
      module: 'event_id',
      search: '4688',
      filter: [
        { field: 'Data Fields', operator: 'equals', value: 'CommandLine' },
        { field: 'Provider', operator: 'starts_with', value: 'Microsoft-Windows-Security' },
      ],
    });
    const r = queryDataset(ds, params);
    expect(r.rows.length).toBeGreaterThan(0);
    expect(r.rows.every((row) => row[0] === '4688' && row[5]!.split('|').includes('CommandLine'))).toBe(true);
  });

  it('combines filters with AND and keeps empty cells matchable', async () => {
    const { ds, rows } = await shipped('event_id');
    const empty = queryDataset(ds, parseLookupParams({ module: 'event_id', search: '', filter: [{ field: 'OS Version', operator: 'equals', value: '' }] }));
    expect(empty.total).toBe(rows.filter((r) => r[1] === '').length);
    const both = queryDataset(
      ds,
      parseLookupParams({
        module: 'event_id',
        search: '',
        filter: [
          { field: 'OS Version', operator: 'equals', value: '' },
          { field: 'Provider', operator: 'equals', value: 'Microsoft-Windows-Sysmon' },
        ],
      }),
    );
    expect(both.total).toBeGreaterThanOrEqual(25);
    expect(both.total).toBeLessThan(empty.total);
  });
});
