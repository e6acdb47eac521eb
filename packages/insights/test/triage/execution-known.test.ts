import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { DEFAULT_DATA_DIR, datasetPath, windowsFilePaths, LookupStore } from '@quarry/reference';
import { beforeAll, describe, expect, it } from 'vitest';
import { knownExecutables, type Insight, type KnownExecutables } from '../../src/index.js';
import { misplacedWindowsBinary } from '../../src/triage/execution-known.js';
import { executionInsights } from '../../src/triage/execution.js';
import { HostState } from '../../src/triage/host-state.js';
import { table } from './support.js';

/**
 * The shipped known Windows files (packages/reference data/file_name.json.gz) in Evidence of
 * Execution, on a constructed EVTX Process Analysis table (INSIGHTS.md §3 columns; the rows are
 * made up). The expected known folders are read from the dataset file itself, by hand.
 */
const t = (title: string, rows: string[][]): Insight => ({ Table: { title, data: rows, category: 'General' } });

/** A name's row of the dataset file: its `File Path` cell as folders (lower case, no drive, no file name) and its companies. */
function inFile(name: string): { folders: string[]; companies: string[] } {
  const file = JSON.parse(gunzipSync(readFileSync(datasetPath(DEFAULT_DATA_DIR, 'file_name'))).toString('utf8')) as {
    columns: string[];
    rowCount: number;
    strings: string[];
    cells: number[];
  };
  const w = file.columns.length;
  const at = (r: number, column: string): string => file.strings[file.cells[r * w + file.columns.indexOf(column)]!]!;
  for (let r = 0; r < file.rowCount; r++) {
    if (at(r, 'File Name').toLowerCase() !== name) continue;
    const paths = at(r, 'File Path').split('##');
    return {
      folders: [
        ...new Set(
          paths.map((p) =>
            p
              .toLowerCase()
              .replace(/^c:/, '')
              .replace(/\\[^\\]*$/, ''),
          ),
        ),
      ],
      companies: at(r, 'Company Name').split('##'),
    };
  }
  throw new Error(`${name} is not in the file_name dataset`);
}
const foldersInFile = (name: string): string[] => inFile(name).folders;

const PROCESS_COLUMNS = ['Image', 'Executions', 'Parents', 'Users', 'Computers', 'First Seen', 'Last Seen', 'Importance', 'Reasons', 'Record IDs'];
const proc = (image: string, id: number): string[] => [
  image,
  '1',
  'explorer.exe',
  'HOST\\alice',
  'HOST',
  '2024-01-01 00:00:00.000 UTC',
  '2024-01-01 00:00:00.000 UTC',
  'Informational',
  '',
  String(id),
];

const IMAGES = [
  'C:\\Users\\Public\\svchost.exe',
  'C:\\Windows\\System32\\svchost.exe',
  'C:\\Windows\\WinSxS\\amd64_microsoft-windows-services-svchost_31bf3856ad364e35_10.0.19041.1_none_4f9c1d1e2a3b4c5d\\svchost.exe',
  'C:\\Users\\alice\\Downloads\\notepad.exe',
  'C:\\Users\\Public\\certutil.exe',
  'notepad.exe',
  'C:\\Windows\\SysWOW64\\SnippingTool.exe',
  'C:\\Program Files\\Common Files\\Microsoft Shared\\ClickToRun\\AppVShNotify.exe',
];

function state(): HostState {
  const s = new HostState();
  s.addResults({ type: 'winevtx', members: [], insights: [t('Process Analysis', [PROCESS_COLUMNS, ...IMAGES.map((image, i) => proc(image, i + 1))])] });
  return s;
}

const reason = (name: string): string => `known Windows binary outside its folders: ${name} (known in ${foldersInFile(name).join(', ')})`;

describe('Evidence of Execution: known Windows binaries outside their folders', () => {
  let known: KnownExecutables;
  let rows: Record<string, string>[];
  const row = (image: string): Record<string, string> => rows.find((r) => r['Executable'] === image)!;

  beforeAll(async () => {
    known = knownExecutables(windowsFilePaths(await new LookupStore().dataset('file_name')));
    rows = table(executionInsights(state(), known), 'Evidence of Execution');
  });

  it('reads the known folders the dataset file holds', () => {
    expect(foldersInFile('svchost.exe')).toEqual(['\\windows\\system32', '\\windows\\syswow64']);
    expect(known.foldersOf('SVCHOST.EXE')).toEqual(foldersInFile('svchost.exe'));
  });

  it('names svchost.exe in \\Users\\Public once, at the masquerade rule’s level', () => {
    const svc = row('C:\\Users\\Public\\svchost.exe');
    // L3 says the same fact (svchost outside System32): one reason, the one naming the known folders.
    expect(svc['Reasons']).toBe(reason('svchost.exe'));
    expect(svc['Importance']).toBe('Critical');
  });

  it('does not name svchost.exe in System32 nor a WinSxS copy (nor does the masquerade rule there)', () => {
    expect(row('C:\\Windows\\System32\\svchost.exe')['Reasons']).toBe('');
    expect(rows.find((r) => r['Executable']!.includes('\\WinSxS\\'))!['Reasons']).toBe('');
  });

  it('makes a known .exe no other list names High', () => {
    const np = row('C:\\Users\\alice\\Downloads\\notepad.exe');
    expect(np['Reasons']).toBe(reason('notepad.exe'));
    expect(np['Importance']).toBe('High');
  });

  it('keeps LOLBAS’s functions but says the misplacement once', () => {
    const cu = row('C:\\Users\\Public\\certutil.exe');
    const reasons = cu['Reasons']!.split('; ');
    expect(reasons).toHaveLength(2);
    expect(reasons[0]).toMatch(/^LOLBAS: certutil \(.*Download.*\)$/);
    expect(reasons[1]).toBe(reason('certutil.exe'));
    // High-tier LOLBIN outside its usual folder.
    expect(cu['Importance']).toBe('Critical');
  });

  it('takes System32 and SysWOW64 for one folder', () => {
    expect(foldersInFile('snippingtool.exe')).toEqual(['\\windows\\system32']);
    expect(row('C:\\Windows\\SysWOW64\\SnippingTool.exe')['Reasons']).toBe('');
  });

  it('one level lower where Microsoft products keep their own copies (Program Files)', () => {
    const app = row('C:\\Program Files\\Common Files\\Microsoft Shared\\ClickToRun\\AppVShNotify.exe');
    expect(app['Reasons']).toBe(reason('appvshnotify.exe'));
    expect(app['Importance']).toBe('Medium');
  });

  it('knows only Microsoft’s files: not a name other vendors ship too', () => {
    expect(inFile('setup.exe').companies.some((c) => !c.startsWith('Microsoft'))).toBe(true);
    expect(known.foldersOf('setup.exe')).toBeUndefined();
    expect(inFile('svchost.exe').companies).toEqual(['Microsoft Corporation']);
  });

  it('does not judge a bare name', () => {
    expect(row('notepad.exe')['Reasons']).toBe('');
  });

  it('makes a known DLL outside its folders Medium, and leaves Windows’ own copies alone', () => {
    expect(misplacedWindowsBinary('\\users\\alice\\appdata\\local\\temp\\ntdll.dll', known)).toEqual({
      level: 'Medium',
      reason: reason('ntdll.dll'),
    });
    for (const copy of [
      '\\windows\\servicing\\lcu\\package_for_rollupfix~31bf3856ad364e35~amd64~~19041.1\\amd64_x\\f\\svchost.exe',
      '\\$windows.~bt\\sources\\svchost.exe',
      '\\windows\\softwaredistribution\\download\\abc\\svchost.exe',
      'globalroot\\device\\harddiskvolumeshadowcopy3\\users\\public\\svchost.exe',
    ])
      expect(misplacedWindowsBinary(copy, known)).toBeNull();
    // A 32-bit program's view of System32.
    expect(misplacedWindowsBinary('\\windows\\sysnative\\svchost.exe', known)).toBeNull();
    expect(misplacedWindowsBinary('\\users\\public\\svchost.exe', undefined)).toBeNull();
  });
});
