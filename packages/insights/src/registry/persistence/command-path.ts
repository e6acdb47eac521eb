/**
 * The program a command line starts: the quoted first token, or the text up to the first
 * executable extension (paths with spaces are often left unquoted), else the first word.
 */
export function commandImage(command: string): string {
  const c = command.trim();
  if (c.startsWith('"')) {
    const end = c.indexOf('"', 1);
    return end > 0 ? c.slice(1, end) : c.slice(1);
  }
  const ext = /^.*?\.(exe|dll|sys|com|bat|cmd|scr|cpl|ps1|vbs|js|hta)\b/i.exec(c);
  if (ext) return ext[0];
  return c.split(/\s+/)[0] ?? '';
}

/** Windows folders as service and driver paths write them (INSIGHTS.md §4 SYSTEM services). */
const WINDOWS_FOLDER = /^(%systemroot%|%windir%|\\systemroot\\|system32\\|(\\\?\?\\)?[a-z]:\\windows\\)/i;

export const inWindowsFolder = (path: string): boolean => WINDOWS_FOLDER.test(path.trim().replace(/^"/, ''));

export const inProgramFiles = (path: string): boolean => /^"?([a-z]:)?\\program files( \(x86\))?\\|^"?%programfiles/i.test(path.trim());

/** A path with no folder at all ("evil.exe"), which Windows resolves through the search path. */
export const hasNoFolder = (path: string): boolean => path.trim() !== '' && !/[\\/]/.test(commandImage(path));
