import { buildShellLink, pathIdList, type ShellLinkSpec, type TrackerSpec } from '@quarry/testkit';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { applicationFor, applicationLabel } from '../../src/shortcuts/index.js';
import { analyseShortcuts, rowsOf, titled } from './support.js';

/**
 * The result types other than Suspicious Shortcuts on links built from the format, for the cases
 * the real samples lack (a USB volume, a network share, links from another machine). Expected
 * values are the builder's inputs.
 */
const USB = { driveType: 2, serial: 0x5a3c00e1, label: 'KINGSTON' };
/** A version 1 GUID: its node field (the last 12 hex digits) is the MAC address 00:0c:29:a1:b2:c3. */
const DROID_FILE = '{6d1e0f2a-d7a5-11ee-8c1b-000c29a1b2c3}';
const tracker = (machineId: string, extra: Partial<TrackerSpec> = {}): TrackerSpec => ({
  machineId,
  droidVolumeId: '{94bb5d56-7e3b-4b3c-9b0c-6a3b2a1f0e11}',
  droidFileId: DROID_FILE,
  birthDroidVolumeId: '{94bb5d56-7e3b-4b3c-9b0c-6a3b2a1f0e11}',
  birthDroidFileId: DROID_FILE,
  ...extra,
});

const files: { name: string; spec: ShellLinkSpec }[] = [
  {
    name: 'Recent/plan.docx.lnk',
    spec: {
      created: '2024-03-01T08:00:00Z',
      modified: '2024-03-04T17:30:00Z',
      accessed: '2024-03-05T09:15:00.123Z',
      fileSize: 18234,
      idList: pathIdList('E:\\Projects\\plan.docx'),
      volume: { ...USB, localBasePath: 'E:\\Projects\\plan.docx' },
      workingDirectory: 'E:\\Projects',
      tracker: tracker('ws-01'),
    },
  },
  {
    name: 'Recent/photo.jpg.lnk',
    spec: {
      created: '2024-02-20T12:00:00Z',
      modified: '2024-02-20T12:00:00Z',
      accessed: '2024-03-02T10:00:00Z',
      volume: { ...USB, localBasePath: 'E:\\DCIM\\photo.jpg' },
      tracker: tracker('ws-01'),
    },
  },
  {
    name: 'Recent/budget.xlsx.lnk',
    spec: {
      created: '2023-12-01T00:00:00Z',
      accessed: '2024-01-10T00:00:00Z',
      network: { netName: '\\\\FILESRV\\Finance', deviceName: 'F:' },
      pathSuffix: 'Q1\\budget.xlsx',
      tracker: tracker('ws-01'),
    },
  },
  {
    name: 'Recent/notes.txt.lnk',
    spec: {
      created: '2024-01-05T00:00:00Z',
      volume: { driveType: 3, serial: 0x1c8a1f6e, label: 'OS', localBasePath: 'C:\\Users\\bob\\notes.txt' },
      // Copied from a laptop: another machine id, and the birth droid of the file it was made for.
      tracker: tracker('laptop-x', { birthDroidFileId: '{11111111-d7a5-11ee-8c1b-000c29a1b2c3}' }),
    },
  },
];

const insights = await analyseShortcuts(files.map((f) => ({ name: f.name, bytes: buildShellLink(f.spec) })));

describe('shortcut result types on built links', () => {
  it('Overview counts links, target kinds, drive types, volumes, shares, machines and the time range', () => {
    const o = titled(insights, 'Metadata', 'Overview').data;
    expect(o).toMatchObject({
      links: '4',
      automatic_jump_lists: '0',
      custom_jump_lists: '0',
      jump_list_entries: '0',
      targets_local: '1',
      targets_network: '1',
      targets_removable: '2',
      drive_types: 'Removable: 2, Fixed: 1',
      volumes: '2',
      volume_serials: '1C8A1F6E, 5A3C00E1',
      shares: '1',
      machines: '2',
      machine_ids: 'laptop-x, ws-01',
      time_range_start: '2023-12-01 00:00:00.000 UTC',
      time_range_end: '2024-03-05 09:15:00.123 UTC',
    });
    expect(titled(insights, 'Chart', 'Overview: Target Kinds').data).toEqual([
      ['Removable', 2],
      ['Local', 1],
      ['Network', 1],
    ]);
  });

  it('Opened Files & Folders shows each link with its target times, volume or share and source, newest first', () => {
    const rows = rowsOf(insights, 'Opened Files & Folders');
    expect(rows.map((r) => r['Source File'])).toEqual(['Recent/plan.docx.lnk', 'Recent/photo.jpg.lnk', 'Recent/budget.xlsx.lnk', 'Recent/notes.txt.lnk']);
    expect(rows[0]).toMatchObject({
      'Target Path': 'E:\\Projects\\plan.docx',
      'Working Directory': 'E:\\Projects',
      'Target Created': '2024-03-01 08:00:00.000 UTC',
      'Target Modified': '2024-03-04 17:30:00.000 UTC',
      'Target Accessed': '2024-03-05 09:15:00.123 UTC',
      Size: '18234',
      Attributes: 'ARCHIVE',
      'Drive Type': 'Removable',
      'Volume Serial': '5A3C00E1',
      'Volume Label': 'KINGSTON',
      'Machine ID': 'ws-01',
      AppID: '',
      Pinned: '',
    });
    expect(rows[2]).toMatchObject({ 'Target Path': '\\\\FILESRV\\Finance\\Q1\\budget.xlsx', Share: '\\\\FILESRV\\Finance', 'Volume Serial': '' });
  });

  it('Removable & Network Media: one row per volume serial and share, removable and network first', () => {
    const rows = rowsOf(insights, 'Removable & Network Media');
    expect(rows.map((r) => [r['Volume Serial'], r['Share'], r['Drive Type'], r['Volume Label'], r['Entries']])).toEqual([
      ['5A3C00E1', '', 'Removable', 'KINGSTON', '2'],
      ['', '\\\\FILESRV\\Finance', 'Network', '', '1'],
      ['1C8A1F6E', '', 'Fixed', 'OS', '1'],
    ]);
    expect(rows[0]).toMatchObject({
      'First Target Time': '2024-02-20 12:00:00.000 UTC',
      'Last Target Time': '2024-03-05 09:15:00.123 UTC',
      Targets: 'E:\\Projects\\plan.docx, E:\\DCIM\\photo.jpg',
      'Source Files': 'Recent/plan.docx.lnk, Recent/photo.jpg.lnk',
      'Machine IDs': 'ws-01',
    });
    expect(rows[1]!['Device']).toBe('F:');
  });

  it('Machines & Trackers: the MAC from the v1 droid, and the link from another machine first', () => {
    const rows = rowsOf(insights, 'Machines & Trackers');
    expect(rows[0]).toMatchObject({
      'Machine ID': 'laptop-x',
      'Source File': 'Recent/notes.txt.lnk',
      'From Another Machine': "machine id differs from the job's majority (ws-01); birth droid file id differs (target moved or copied)",
      'Tracker Source': 'tracker block',
      'Droid File ID': '6d1e0f2a-d7a5-11ee-8c1b-000c29a1b2c3',
      'Birth Droid File ID': '11111111-d7a5-11ee-8c1b-000c29a1b2c3',
    });
    expect(new Set(rows.map((r) => r['MAC Address']))).toEqual(new Set(['00:0c:29:a1:b2:c3']));
    expect(rows.slice(1).every((r) => r['From Another Machine'] === '')).toBe(true);
    expect(rowsOf(insights, 'Machines & Trackers: Machines').map((r) => [r['Machine ID'], r['Links'], r['Majority']])).toEqual([
      ['ws-01', '3', 'yes'],
      ['laptop-x', '1', 'no'],
    ]);
  });

  it('Access Timeline: one entry per stored time, traceable to its file (record_id = 1-based position)', () => {
    const data = titled(insights, 'Timeline', 'Access Timeline').data;
    // plan: 3 times, photo: 3, budget: 2 (created, accessed), notes: 1 (created).
    expect(data).toHaveLength(9);
    expect(data[0]).toEqual({
      timestamp_start: Date.UTC(2023, 11, 1),
      timestamp_end: null,
      record_id: 3,
      short_name: 'budget.xlsx',
      description: '\\\\FILESRV\\Finance\\Q1\\budget.xlsx target created (link Recent/budget.xlsx.lnk)',
      category: 'General',
      importance: 'Informational',
    });
    expect(data.at(-1)).toMatchObject({ timestamp_start: Date.parse('2024-03-05T09:15:00.123Z'), record_id: 1, short_name: 'plan.docx' });
  });
});

describe('AppID table', () => {
  it('names the three AppIDs of the samples README as the source list does', () => {
    expect(applicationFor('f01b4d95cf55d32a')).toBe('Windows Explorer Windows 8.1');
    expect(applicationFor('5F7B5F1E01B83767')).toBe('Quick Access');
    expect(applicationFor('9b9cdc69c1c24e2b')).toBe('Notepad 64-bit');
  });

  it('pads ids that lost leading zeros and labels unknown ones', () => {
    expect(applicationFor('1ab724316049531')).toBe('NordVPN');
    expect(applicationFor('not-an-id')).toBeNull();
    expect(applicationLabel('0123456789abcdef')).toBe('Unknown (0123456789abcdef)');
  });
});

describe('values no correct decoder emits', () => {
  it('a target time in 2200 is left out of the rows and reported in File metadata with where it lies', async () => {
    const job = await analyseShortcuts([
      {
        name: 'odd.lnk',
        bytes: buildShellLink({ created: '2200-01-01T00:00:00Z', modified: '2024-01-01T00:00:00Z', volume: { ...USB, localBasePath: 'E:\\a.txt' } }),
      },
    ]);
    const [row] = rowsOf(job, 'Opened Files & Folders');
    expect([row!['Target Created'], row!['Target Modified']]).toEqual(['', '2024-01-01 00:00:00.000 UTC']);
    const meta = titled(job, 'Metadata', 'File metadata: odd.lnk').data;
    expect(meta['implausible_items']).toBe('1');
    // The parser warns (it keeps the value as stored); the reader keeps it out of every row.
    expect(meta['warnings']!.split('\n').at(-1)).toMatch(/^not shown: link target creation time \(header \+0x1C\) at the link: time in 2200, after /);
    expect(titled(job, 'Timeline', 'Access Timeline').data.map((e) => e.timestamp_start)).toEqual([Date.UTC(2024, 0, 1)]);
  });
});

describe('a zip of links', () => {
  it('names each row by the zip and its member, and judges the member by its own name', async () => {
    const zip = zipSync({
      'Recent/plan.docx.lnk': buildShellLink(files[0]!.spec),
      'Desktop/Invoice.pdf.lnk': buildShellLink({
        volume: { driveType: 3, serial: 1, label: '', localBasePath: 'C:\\Windows\\System32\\cmd.exe' },
        arguments: '/c calc',
      }),
    });
    const job = await analyseShortcuts([{ name: 'triage.zip', bytes: zip }]);
    expect(rowsOf(job, 'Opened Files & Folders').map((r) => r['Source File'])).toEqual([
      'triage.zip/Recent/plan.docx.lnk',
      'triage.zip/Desktop/Invoice.pdf.lnk',
    ]);
    const [row] = rowsOf(job, 'Suspicious Shortcuts');
    expect(row!['Source File']).toBe('triage.zip/Desktop/Invoice.pdf.lnk');
    expect(row!['Reasons']).toContain('S6 link named as a .pdf document runs cmd.exe');
    expect(titled(job, 'Metadata', 'Overview').data['links']).toBe('2');
  });
});
