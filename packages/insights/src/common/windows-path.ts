/** The file name of a Windows path (either slash), e.g. `C:\Windows\System32\cmd.exe` → `cmd.exe`. */
export function baseName(path: string): string {
  let end = path.length;
  while (end > 0 && (path[end - 1] === '"' || path[end - 1] === ' ')) end--;
  const cut = Math.max(path.lastIndexOf('\\', end - 1), path.lastIndexOf('/', end - 1));
  return path.slice(cut + 1, end).replace(/^"/, '');
}

/** Lower-case base name without `.exe` (how the shared lists name programs). */
export function programName(path: string): string {
  const b = baseName(path).toLowerCase();
  return b.endsWith('.exe') ? b.slice(0, -4) : b;
}

/** Lower-case folder of a path, with `\??\` and a leading quote dropped, ending in `\`. */
export function folderOf(path: string): string {
  const p = path
    .toLowerCase()
    .replace(/\//g, '\\')
    .replace(/^"/, '')
    .replace(/^\\\?\?\\/, '');
  return p.slice(0, p.lastIndexOf('\\') + 1);
}
