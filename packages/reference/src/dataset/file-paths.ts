import { MODULES } from '../modules.js';
import type { Dataset } from './format.js';

/**
 * The Windows files of the `file_name` dataset with the full paths they were seen at (the `File
 * Path` cell split on the module's separator): what the triage analyzers' known-executables lookup
 * is built from. Only rows whose every `Company Name` is Microsoft's: the dataset lists what was
 * found under C:\Windows, vendors' driver files and names other vendors ship too (`setup.exe`:
 * InstallShield, Intel and Microsoft) included, and those are no Windows binary's own.
 */
export function windowsFilePaths(ds: Dataset): [name: string, paths: string[]][] {
  if (ds.module !== 'file_name') throw new Error(`windowsFilePaths needs the file_name dataset, not ${ds.module}`);
  const { separator } = MODULES.file_name;
  const cell = (row: number, column: string): string => ds.strings[ds.cells[row * ds.width + ds.columns.indexOf(column)]!]!;
  const out: [string, string[]][] = [];
  for (let row = 0; row < ds.rowCount; row++) {
    if (
      !cell(row, 'Company Name')
        .split(separator)
        .every((c) => /^microsoft\b/i.test(c))
    )
      continue;
    out.push([
      cell(row, 'File Name'),
      cell(row, 'File Path')
        .split(separator)
        .filter((p) => p !== ''),
    ]);
  }
  return out;
}
