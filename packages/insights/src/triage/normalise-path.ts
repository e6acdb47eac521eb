/**
 * One spelling of a Windows path for joining artifacts: lower case, backslashes, no drive, volume
 * or device prefix (`C:`, `\??\`, `\\?\`, `\VOLUME{…}`, `\DEVICE\HARDDISKVOLUMEn`), environment
 * roots expanded (`%SystemRoot%`, `\SystemRoot\`, `%windir%` → `\windows`; `%ProgramFiles%` …).
 * Prefetch writes `\VOLUME{01d…-5c3e2f10}\WINDOWS\SYSTEM32\CMD.EXE`, ShimCache `\??\C:\Windows\system32\cmd.exe`,
 * a 4688 `C:\Windows\System32\cmd.exe`: all three become `\windows\system32\cmd.exe`.
 * UNC paths keep their `\\server\share` start. Returns '' for an empty path.
 */
export function normalisePath(path: string): string {
  let p = path
    .trim()
    .replace(/^"(.*)"$/, '$1')
    .replace(/\//g, '\\');
  if (p === '') return '';
  p = p.replace(/^\\\\\?\\unc\\/i, '\\\\').replace(/^(\\\?\?\\|\\\\\?\\|\\\\\.\\)/, '');
  p = p.replace(/^\\(volume\{[^}]*\}|device\\harddiskvolume\d+|device\\harddiskvolumeshadowcopy\d+)/i, '');
  p = p.replace(/^[a-z]:/i, '');
  const lower = p.toLowerCase();
  const roots: readonly (readonly [RegExp, string])[] = [
    [/^(%systemroot%|%windir%|\\systemroot)(?=\\|$)/, '\\windows'],
    [/^system32\\/, '\\windows\\system32\\'],
    [/^%programfiles%/, '\\program files'],
    [/^%programfiles\(x86\)%/, '\\program files (x86)'],
    [/^%programdata%/, '\\programdata'],
    [/^%systemdrive%/, ''],
  ];
  for (const [re, to] of roots) if (re.test(lower)) return lower.replace(re, to);
  return lower;
}

/** The last component of a path, lower case (`cmd.exe`). */
export function baseName(path: string): string {
  const p = path.replace(/\//g, '\\');
  return p.slice(p.lastIndexOf('\\') + 1).toLowerCase();
}
