import { describe, expect, it } from 'vitest';
import { store } from './support.js';

describe('lookup over the shipped data', () => {
  it('finds cmd.exe by a partial, case-insensitive search (MD.EX)', async () => {
    const r = await store.lookup({ module: 'file_name', search: 'MD.EX' });
    expect(r.columns).toEqual(['File Name', 'File Path', 'Description', 'Product Name', 'Company Name', 'Runtime Window Title']);
    const cmd = r.rows.find((row) => row[0] === 'cmd.exe');
    expect(cmd).toBeDefined();
    expect(cmd![1]!.split('##')).toEqual(expect.arrayContaining(['C:\\Windows\\system32\\cmd.exe', 'C:\\Windows\\SysWOW64\\cmd.exe']));
    expect(cmd![2]).toBe('Windows Command Processor');
    expect(cmd![4]).toBe('Microsoft Corporation');
  });

  it('ranks an exact file name first, with or without its extension', async () => {
    expect((await store.lookup({ module: 'file_name', search: 'cmd.exe' })).rows[0]![0]).toBe('cmd.exe');
    expect((await store.lookup({ module: 'file_name', search: 'CMD' })).rows[0]![0]).toBe('cmd.exe');
  });

  it('joins values seen across OS versions with ## and de-duplicates them case-insensitively', async () => {
    const r = await store.lookup({ module: 'file_name', search: 'cmd.exe' });
    const paths = r.rows[0]![1]!.split('##');
    expect(new Set(paths.map((p) => p.toLowerCase())).size).toBe(paths.length);
    expect(paths.length).toBeGreaterThan(1);
  });

  it('keeps runtime window titles of executables', async () => {
    const r = await store.lookup({ module: 'file_name', search: '', filter: [{ field: 'Runtime Window Title', operator: 'not_equals', value: '' }] });
    expect(r.total).toBeGreaterThan(100);
    expect(r.rows.every((row) => row[5] !== '' && /\.exe$/i.test(row[0]!))).toBe(true);
  });

  it('finds 4624 as text, Security-Auditing first, with its versions and field names', async () => {
    const r = await store.lookup({ module: 'event_id', search: '4624', show: 100 });
    expect(r.columns).toEqual(['Event ID', 'OS Version', 'Version', 'Provider', 'Description Short', 'Data Fields']);
    const security = r.rows.filter((row) => row[3] === 'Microsoft-Windows-Security-Auditing');
    expect(r.rows.slice(0, security.length)).toEqual(security); // exact id + preferred provider first
    expect(security.map((row) => row[2]).sort()).toEqual(['0', '1', '2', '3']);
    for (const row of security) {
      expect(row[0]).toBe('4624');
      expect(row[4]).toBe('An account was successfully logged on.');
    }
    const v2 = security.find((row) => row[2] === '2')!;
    expect(v2[5]!.split('|')).toEqual(expect.arrayContaining(['TargetUserName', 'LogonType', 'IpAddress', 'RestrictedAdminMode']));
    expect(v2[1]!.split('|')).toEqual(expect.arrayContaining(['W10_1607', 'W10_22H2', 'W11_24H2', 'WindowsServer2019_1809']));
    expect(security.find((row) => row[2] === '0')![1]!.split('|')).toContain('W7_SP1');
  });

  it('masks qualifier bits off classic event ids (7045 is 0x40001B85 upstream)', async () => {
    const r = await store.lookup({ module: 'event_id', search: '7045', filter: [{ field: 'Provider', operator: 'equals', value: 'Service Control Manager' }] });
    expect(r.rows[0]!.slice(0, 1)).toEqual(['7045']);
    expect(r.rows[0]![4]).toBe('A service was installed in the system.');
    expect(r.rows[0]![5]!.split('|')).toEqual(expect.arrayContaining(['ServiceName', 'ImagePath']));
  });

  it("gives a Sysmon event's data fields", async () => {
    const r = await store.lookup({ module: 'event_id', search: '1', filter: [{ field: 'provider', operator: 'equals', value: 'microsoft-windows-sysmon' }] });
    const first = r.rows[0]!;
    expect(first.slice(0, 1).concat(first.slice(3, 5))).toEqual(['1', 'Microsoft-Windows-Sysmon', 'Process creation']);
    expect(first[5]!.split('|')).toEqual(expect.arrayContaining(['Image', 'CommandLine', 'ParentImage', 'Hashes', 'User']));
  });

  it('matches the OS Version cell per |-separated value', async () => {
    const r = await store.lookup({
      module: 'event_id',
      search: '4624',
      filter: [
        { field: 'Provider', operator: 'equals', value: 'Microsoft-Windows-Security-Auditing' },
        { field: 'OS Version', operator: 'equals', value: 'w7_sp1' },
      ],
    });
    expect(r.rows.map((row) => row[2])).toEqual(['0']);
    const none = await store.lookup({ module: 'event_id', search: '4624', filter: [{ field: 'OS Version', operator: 'equals', value: 'W7_SP1|W8_8' }] });
    expect(none.total).toBe(0);
  });

  it('pages stably: page 2 of show 1 is the second row of show 2, and totals agree', async () => {
    for (const [module, search] of [
      ['event_id', 'logon'],
      ['file_name', 'svc'],
      ['event_id', ''],
    ] as const) {
      const two = await store.lookup({ module, search, show: 2 });
      const p1 = await store.lookup({ module, search, show: 1, page: 1 });
      const p2 = await store.lookup({ module, search, show: 1, page: 2 });
      expect(p1.rows[0]).toEqual(two.rows[0]);
      expect(p2.rows[0]).toEqual(two.rows[1]);
      expect(p2.total).toBe(two.total);
      const wide = await store.lookup({ module, search, show: 30 });
      const pages = [];
      for (let page = 1; page <= 3; page++) pages.push(...(await store.lookup({ module, search, show: 10, page })).rows);
      expect(pages).toEqual(wide.rows);
    }
  });

  it('applies the defaults page 1 / show 10 and returns an empty page past the end', async () => {
    const r = await store.lookup({ module: 'event_id', search: 'logon' });
    expect(r.rows).toHaveLength(10);
    const past = await store.lookup({ module: 'file_name', search: 'cmd.exe', page: 10, show: 100 });
    expect(past.rows).toEqual([]);
    expect(past.total).toBeGreaterThan(0);
  });

  it('finds the message template of an event for Message rendering', async () => {
    const t = await store.eventTemplate('microsoft-windows-security-auditing', 4624, 2);
    expect(t?.template).toContain('{TargetUserName}');
    expect(t?.template).toContain('{RestrictedAdminMode}'); // repaired from upstream's {SubjectUserName}2
    expect(t?.template).not.toMatch(/\{[^{}]+\}\d/);
    expect(await store.eventTemplate('Microsoft-Windows-Security-Auditing', 4624, 99)).toBeUndefined();
  });
});
