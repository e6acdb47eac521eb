import { describe, expect, it } from 'vitest';
import { anomalyDetection, executableStatistics, executionTimeline, lolbinDetection, moduleAnalysis, volumeAnalysis } from '../../src/prefetch/index.js';
import { analyse, fakeResult, rowsOf, stock, titled } from './support.js';

const at = (hhmm: string) => `2024-03-01T${hhmm}:00.0000000Z`;

describe('LOLBIN Detection on constructed files', () => {
  it('lists L2 binaries with tier, LOLBAS functions and expected folder; one level up outside the usual folders', () => {
    const rows = rowsOf(
      analyse(lolbinDetection, [
        { name: 'CERTUTIL.EXE-11111111.pf', result: stock('CERTUTIL.EXE') },
        // A copy of certutil dropped in a user's Downloads: High tier raised to Critical.
        { name: 'CERTUTIL.EXE-22222222.pf', result: stock('CERTUTIL.EXE', '\\USERS\\BOB\\DOWNLOADS\\') },
        { name: 'CMD.EXE-33333333.pf', result: stock('CMD.EXE') },
        { name: 'CALC.EXE-44444444.pf', result: stock('CALC.EXE') },
      ]),
      'LOLBIN Detection',
    );
    expect(rows.map((r) => [r['Path'], r['Tier'], r['Importance']])).toEqual([
      ['\\USERS\\BOB\\DOWNLOADS\\CERTUTIL.EXE', 'High', 'Critical'],
      ['\\WINDOWS\\SYSTEM32\\CERTUTIL.EXE', 'High', 'High'],
      ['\\WINDOWS\\SYSTEM32\\CMD.EXE', 'Low', 'Low'],
    ]);
    expect(rows[0]!['LOLBAS Functions']).toBe('ADS, Decode, Download, Encode');
    expect(rows[0]!['Expected Folder']).toBe('\\WINDOWS\\SYSTEM32\\, \\WINDOWS\\SYSWOW64\\');
    expect(rows[0]!['Reasons']).toBe('L2 LOLBIN certutil outside its usual folder');
  });
});

describe('Anomaly Detection on constructed files', () => {
  const anomalies = (files: Parameters<typeof analyse>[1]) => rowsOf(analyse(anomalyDetection, files), 'Anomaly Detection');

  it('has no row for clean executables', () => {
    expect(anomalies([{ name: 'NOTEPAD.EXE-0BADF00D.pf', result: stock('NOTEPAD.EXE') }])).toEqual([]);
  });

  it('A1 + A2: a renamed copy of a system binary run from a user-writable folder', () => {
    const rows = anomalies([
      {
        name: 'SVCHOST.EXE-AAAAAAAA.pf',
        result: fakeResult({
          executable: 'SVCHOST.EXE',
          hash: '0xaaaaaaaa',
          files: [
            [0, '\\WINDOWS\\SYSTEM32\\NTDLL.DLL'],
            [0, '\\USERS\\PUBLIC\\SVCHOST.EXE'],
          ],
        }),
      },
    ]);
    expect(rows.map((r) => [r['Rule'], r['Importance'], r['Details']])).toEqual([
      ['A2 masquerade', 'Critical', 'L3 svchost outside \\Windows\\System32'],
      ['A1 staging path', 'High', 'L1 staging path (users\\public)'],
    ]);
  });

  it('A2 lookalike names are High; genuine near-names (iexplore) are not', () => {
    const rows = anomalies([
      {
        name: 'SCVHOST.EXE-BBBBBBBB.pf',
        result: fakeResult({ executable: 'SCVHOST.EXE', hash: '0xbbbbbbbb', files: [[0, '\\WINDOWS\\SYSTEM32\\SCVHOST.EXE']] }),
      },
      {
        name: 'IEXPLORE.EXE-CCCCCCCC.pf',
        result: fakeResult({ executable: 'IEXPLORE.EXE', hash: '0xcccccccc', files: [[0, '\\PROGRAM FILES\\INTERNET EXPLORER\\IEXPLORE.EXE']] }),
      },
    ]);
    expect(rows.map((r) => [r['Executable'], r['Rule'], r['Importance']])).toEqual([['SCVHOST.EXE', 'A2 masquerade', 'High']]);
  });

  it('A1 volume root, A3 odd names, A4 tools, A7 renamed .pf, A8 runs without times', () => {
    const rows = anomalies([
      { name: 'X.EXE-DDDDDDDD.pf', result: fakeResult({ executable: 'X.EXE', hash: '0xdddddddd', files: [[0, '\\X.EXE']] }) },
      {
        name: 'DEADBEEF01.EXE-EEEEEEEE.pf',
        result: fakeResult({ executable: 'DEADBEEF01.EXE', hash: '0xeeeeeeee', files: [[0, '\\PROGRAM FILES\\A\\DEADBEEF01.EXE']] }),
      },
      {
        name: 'MIMIKATZ.EXE-FFFFFFFF.pf',
        result: fakeResult({ executable: 'MIMIKATZ.EXE', hash: '0xffffffff', files: [[0, '\\PROGRAM FILES\\M\\MIMIKATZ.EXE']] }),
      },
      { name: 'NOTEPAD.EXE-12345678.pf', result: stock('CALC.EXE') },
      { name: 'CALC.EXE-0BADF00D.pf', result: fakeResult({ executable: 'CALC.EXE', runCount: 3, runs: [], files: [[0, '\\WINDOWS\\SYSTEM32\\CALC.EXE']] }) },
    ]);
    const got = rows.map((r) => `${r['Executable']} ${r['Rule']} ${r['Importance']}`);
    expect(got).toEqual(
      expect.arrayContaining([
        'X.EXE A1 staging path High',
        'X.EXE A3 odd name Medium',
        'DEADBEEF01.EXE A3 odd name Medium',
        'MIMIKATZ.EXE A4 attack tool High',
        'CALC.EXE A7 file name mismatch Medium',
        'CALC.EXE A8 no run time Low',
      ]),
    );
    expect(rows.find((r) => r['Rule'] === 'A7 file name mismatch' && r['Details']?.includes('hash'))?.['Details']).toBe(
      'file name hash 12345678, header hash 0BADF00D',
    );
  });

  it('A5: an executable on another volume, and a .pf recording more than one volume', () => {
    const rows = anomalies([
      {
        name: 'TOOL.EXE-0BADF00D.pf',
        result: fakeResult({
          executable: 'TOOL.EXE',
          volumes: [
            { serial: 0x5c3e2f10, directories: ['\\WINDOWS'] },
            { serial: 0x12345678, directories: ['\\TOOLS'] },
          ],
          files: [
            [0, '\\WINDOWS\\SYSTEM32\\NTDLL.DLL'],
            [1, '\\TOOLS\\TOOL.EXE'],
          ],
        }),
      },
    ]);
    expect(rows.map((r) => r['Details'])).toEqual(['runs from volume 12345678, not the system volume', 'the file records 2 volumes (5C3E2F10, 12345678)']);
  });

  it('A6: three recon programs within 10 minutes across files make one burst; spread over 11 minutes they do not', () => {
    const burst = anomalies([
      { name: 'WHOAMI.EXE-00000001.pf', result: stock('WHOAMI.EXE', undefined, [at('10:00')]) },
      { name: 'IPCONFIG.EXE-00000002.pf', result: stock('IPCONFIG.EXE', undefined, [at('10:04')]) },
      { name: 'NET.EXE-00000003.pf', result: stock('NET.EXE', undefined, [at('10:09'), at('12:00')]) },
    ]).filter((r) => r['Rule'] === 'A6 recon burst');
    expect(burst).toHaveLength(1);
    expect(burst[0]).toMatchObject({
      Executable: '(recon burst)',
      'Run Count': '3',
      Importance: 'Medium',
      Details: '3 recon programs (whoami, ipconfig, net) ran 3 times between 2024-03-01 10:00:00.000 UTC and 2024-03-01 10:09:00.000 UTC',
    });
    const apart = anomalies([
      { name: 'WHOAMI.EXE-00000001.pf', result: stock('WHOAMI.EXE', undefined, [at('10:00')]) },
      { name: 'IPCONFIG.EXE-00000002.pf', result: stock('IPCONFIG.EXE', undefined, [at('10:05')]) },
      { name: 'NET.EXE-00000003.pf', result: stock('NET.EXE', undefined, [at('10:11')]) },
    ]);
    expect(apart.filter((r) => r['Rule'] === 'A6 recon burst')).toEqual([]);
  });

  it('an unreadable file is a row naming it, and the rest is still analysed', () => {
    const rows = anomalies([
      { name: 'bad.pf', error: 'MAM file header at offset 4: uncompressed size 2576980422 exceeds limit 67108864' },
      { name: 'X.EXE-0BADF00D.pf', result: fakeResult({ executable: 'X.EXE', files: [[0, '\\X.EXE']] }) },
    ]);
    expect(rows.at(-1)).toMatchObject({ Executable: 'bad.pf', Rule: 'Unreadable file', Importance: 'Low' });
    expect(rows.at(-1)!['Details']).toContain('bad.pf (file 1) could not be read: MAM file header');
    expect(rows.some((r) => r['Executable'] === 'X.EXE')).toBe(true);
  });
});

describe('Volume and Module Analysis on constructed files', () => {
  it('Volume Analysis: High for a volume an executable runs from, Low for one created well after a run, nothing for the system volume', () => {
    const rows = rowsOf(
      analyse(volumeAnalysis, [
        {
          name: 'TOOL.EXE-0BADF00D.pf',
          result: fakeResult({
            executable: 'TOOL.EXE',
            runs: ['2024-03-01T10:00:00.0000000Z'],
            volumes: [
              { serial: 0x5c3e2f10, directories: ['\\WINDOWS'], created: '2024-03-01T20:00:00.0000000Z' },
              { serial: 0x12345678, devicePath: '\\DEVICE\\HARDDISKVOLUME9', directories: ['\\TOOLS'], created: '2024-03-02T10:00:01.0000000Z' },
            ],
            files: [
              [0, '\\WINDOWS\\SYSTEM32\\NTDLL.DLL'],
              [1, '\\TOOLS\\TOOL.EXE'],
            ],
          }),
        },
      ]),
      'Volume Analysis',
    );
    expect(rows.map((r) => [r['Device Path'], r['Serial'], r['Importance']])).toEqual([
      ['\\DEVICE\\HARDDISKVOLUME9', '12345678', 'High'],
      ['\\VOLUME{01d1217a9c4c6770-5c3e2f10}', '5C3E2F10', 'Informational'],
    ]);
    expect(rows[0]!['Reasons']).toBe(
      'created 2024-03-02 10:00:01.000 UTC, after TOOL.EXE ran at 2024-03-01 10:00:00.000 UTC; TOOL.EXE runs from it; recorded with 1 other volume by TOOL.EXE-0BADF00D.pf; not the volume holding \\WINDOWS\\',
    );
  });

  it('Module Analysis: side-loading is seen only across files of the job', () => {
    const app = {
      name: 'APP.EXE-0BADF00D.pf',
      result: fakeResult({
        executable: 'APP.EXE',
        files: [
          [0, '\\USERS\\BOB\\APPDATA\\LOCAL\\APP\\APP.EXE'],
          [0, '\\USERS\\BOB\\APPDATA\\LOCAL\\APP\\VERSION.DLL'],
        ],
      }),
    };
    const sys = {
      name: 'NOTEPAD.EXE-0BADF00D.pf',
      result: fakeResult({
        executable: 'NOTEPAD.EXE',
        files: [
          [0, '\\WINDOWS\\SYSTEM32\\NOTEPAD.EXE'],
          [0, '\\WINDOWS\\SYSTEM32\\VERSION.DLL'],
        ],
      }),
    };
    const alone = rowsOf(analyse(moduleAnalysis, [app]), 'Module Analysis').find((r) => r['Module'] === 'VERSION.DLL')!;
    expect(alone).toMatchObject({ Importance: 'Medium', 'Unusual Path': 'Yes', Volume: '5C3E2F10', Type: 'DLL' });
    const rows = rowsOf(analyse(moduleAnalysis, [app, sys]), 'Module Analysis');
    const side = rows.find((r) => r['Path'] === '\\USERS\\BOB\\APPDATA\\LOCAL\\APP\\VERSION.DLL')!;
    expect(side).toMatchObject({ Importance: 'High', 'Loaded By': 'APP.EXE', 'Load Count': '1' });
    expect(side['Reasons']).toContain('side-loading: VERSION.DLL also loaded from \\WINDOWS\\SYSTEM32\\');
    expect(rows.find((r) => r['Path'] === '\\WINDOWS\\SYSTEM32\\VERSION.DLL')).toMatchObject({ Importance: 'Informational', 'Unusual Path': 'No' });
  });
});

describe('every result type is present, also for an empty job', () => {
  it('gives header-only tables, empty timelines and an empty chart', () => {
    const factories = [executionTimeline, executableStatistics, lolbinDetection, volumeAnalysis, moduleAnalysis, anomalyDetection];
    const insights = factories.flatMap((f) => analyse(f, []));
    expect(insights.map((i) => Object.values(i)[0].title)).toEqual([
      'Execution Timeline',
      'Execution Timeline: Runs',
      'Executable Statistics',
      'Executable Statistics: Run Counts',
      'LOLBIN Detection',
      'Volume Analysis',
      'Module Analysis',
      'Anomaly Detection',
    ]);
    expect(titled(insights, 'Timeline', 'Execution Timeline').data).toEqual([]);
    expect(titled(insights, 'Table', 'Anomaly Detection').data).toEqual([['Executable', 'Path', 'Rule', 'Details', 'Run Count', 'Last Run', 'Importance']]);
  });

  it('Execution Timeline: integer ms, end null for one run, record_id the 1-based file position, importance from the rows', () => {
    const insights = analyse(executionTimeline, [
      { name: 'NOTEPAD.EXE-0BADF00D.pf', result: stock('NOTEPAD.EXE', undefined, [at('10:00')]) },
      {
        name: 'MIMIKATZ.EXE-0BADF00D.pf',
        result: fakeResult({ executable: 'MIMIKATZ.EXE', runCount: 9, runs: [at('11:00'), at('10:30')], files: [[0, '\\PROGRAM FILES\\M\\MIMIKATZ.EXE']] }),
      },
    ]);
    expect(titled(insights, 'Timeline', 'Execution Timeline').data).toEqual([
      {
        timestamp_start: Date.UTC(2024, 2, 1, 10),
        timestamp_end: null,
        record_id: 1,
        short_name: 'NOTEPAD.EXE',
        description: 'NOTEPAD.EXE ran 1 times (1 recorded) from \\WINDOWS\\SYSTEM32\\NOTEPAD.EXE; last run 2024-03-01 10:00:00.000 UTC',
        category: 'Process',
        importance: 'Informational',
      },
      {
        timestamp_start: Date.UTC(2024, 2, 1, 10, 30),
        timestamp_end: Date.UTC(2024, 2, 1, 11),
        record_id: 2,
        short_name: 'MIMIKATZ.EXE',
        description: 'MIMIKATZ.EXE ran 9 times (2 recorded) from \\PROGRAM FILES\\M\\MIMIKATZ.EXE; last run 2024-03-01 11:00:00.000 UTC',
        category: 'Process',
        importance: 'High',
      },
    ]);
    expect(titled(insights, 'Timeline', 'Execution Timeline: Runs').data.map((e) => [e.timestamp_start, e.timestamp_end, e.record_id])).toEqual([
      [Date.UTC(2024, 2, 1, 10), null, 1],
      [Date.UTC(2024, 2, 1, 10, 30), null, 2],
      [Date.UTC(2024, 2, 1, 11), null, 2],
    ]);
  });
});
