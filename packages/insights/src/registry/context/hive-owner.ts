/**
 * The user a user hive belongs to, from a path that names the profile folder: the file name
 * embedded in the hive (`\??\C:\Users\joe\ntuser.dat`, often cut to its last 31 characters, so
 * `…nts and Settings\joe\ntuser.dat`) or the hive's path in a zip (`Users/joe/NTUSER.DAT`,
 * `Users/joe/AppData/Local/Microsoft/Windows/UsrClass.dat`). Null when the path does not say.
 */
export function ownerFromPath(path: string): string | null {
  const p = path.replaceAll('/', '\\');
  const m =
    /(?:^|\\)(?:users|(?:documents and )?settings)\\([^\\]+)\\(?:ntuser\.dat|appdata\\|local settings\\)/i.exec(p) ??
    /(?:^|\\)([^\\]+)\\(?:ntuser\.dat|appdata\\local\\microsoft\\windows\\usrclass\.dat)$/i.exec(p);
  const name = m?.[1];
  if (!name || /^(users|settings|documents and settings|[a-z]:|\.+)$/i.test(name)) return null;
  return name;
}
