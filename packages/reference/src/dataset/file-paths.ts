import { MODULES } from '../modules.js';
import type { Dataset } from './format.js';

/**
 * Each known Windows file of the `file_name` dataset with the full paths it was seen at (the
 * `File Path` cell split on the module's separator): what the triage analyzers' known-executables
 * lookup is built from.
 */
export function fileNamePaths(ds: Dataset): [name: string, paths: string[]][] {
  if (ds.module !== 'file_name') throw new Error(`fileNamePaths needs the file_name dataset, not ${ds.module}`);
  const { separator } = MODULES.file_name;
  const nameAt = ds.columns.indexOf('File Name');
  const pathAt = ds.columns.indexOf('File Path');
  const out: [string, string[]][] = [];
  for (let row = 0; row < ds.rowCount; row++) {
    const name = ds.strings[ds.cells[row * ds.width + nameAt]!]!;
    const paths = ds.strings[ds.cells[row * ds.width + pathAt]!]!.split(separator).filter((p) => p !== '');
    out.push([name, paths]);
  }
  return out;
}
