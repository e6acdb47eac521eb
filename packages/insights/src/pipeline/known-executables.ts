import { baseName, normalisePath } from '../triage/normalise-path.js';

/**
 * The shipped reference data of known Windows files (the `file_name` lookup), as analyzers ask it:
 * where Windows keeps a file of this name. Given by the caller (the worker loads the dataset), so
 * the analyzers stay free of the lookup store.
 */
export interface KnownExecutables {
  /** Folders of a known Windows file (`\windows\system32`, as normalisePath spells them, no trailing `\`), or undefined for a name Windows does not ship. */
  foldersOf(baseName: string): readonly string[] | undefined;
}

/** Builds the lookup from each known file name and its full paths (`C:\Windows\system32\svchost.exe`). */
export function knownExecutables(files: Iterable<readonly [name: string, paths: readonly string[]]>): KnownExecutables {
  const folders = new Map<string, string[]>();
  for (const [name, paths] of files) {
    const key = baseName(name);
    if (key === '') continue;
    const known = folders.get(key) ?? [];
    for (const path of paths) {
      const p = normalisePath(path);
      const at = p.lastIndexOf('\\');
      if (at < 0) continue;
      const folder = p.slice(0, at);
      if (!known.includes(folder)) known.push(folder);
    }
    if (known.length > 0) folders.set(key, known);
  }
  return { foldersOf: (name) => folders.get(name.toLowerCase()) };
}
