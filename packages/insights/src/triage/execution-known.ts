import { lowerImportance, type RuleHit } from '../common/importance.js';
import type { KnownExecutables } from '../pipeline/known-executables.js';
import { baseName } from './normalise-path.js';

/**
 * Windows' own copies of its binaries (component store, servicing and update staging, upgrade
 * media, driver packages, volume shadow copies): a known name there is not misplaced.
 */
const WINDOWS_COPIES =
  /^\\(windows\\(winsxs|servicing|softwaredistribution)\\|windows\\system32\\driverstore\\|\$windows\.~bt\\)|(^|\\)(globalroot\\)?device\\harddiskvolumeshadowcopy\d+\\/;

/** Under one of Windows' own copy stores (`key`: normalisePath's spelling). */
export const isWindowsCopy = (key: string): boolean => WINDOWS_COPIES.test(key);

/** Known folders shown in a reason; the rest are counted. */
const SHOWN_FOLDERS = 3;

/**
 * System32 and its 32-bit twin SysWOW64 (Sysnative: System32 as 32-bit programs see it) hold the
 * same programs; the dataset lists one machine's copies, so either stands for both.
 */
const systemFolder = (folder: string): string => folder.replace(/^\\windows\\(syswow64|sysnative)(?=\\|$)/, '\\windows\\system32');

/** Where Microsoft's own products install copies of Windows binaries (Office Click-to-Run, per-user OneDrive). */
const MICROSOFT_PRODUCTS = /^\\program files( \(x86\))?\\|\\appdata\\local\\microsoft\\/;

/**
 * A known Windows file (the shipped `file_name` reference data) run from none of its known folders.
 * An .exe is High: a system program's name elsewhere is how malware hides among processes. Other
 * kinds (DLLs) are Medium: applications ship their own copies of Windows DLLs more often. One
 * level lower where Microsoft's products keep their own copies (Program Files, AppData\Local\Microsoft).
 * Only absolute paths are judged: a bare name or relative path says nothing of the folder.
 */
export function misplacedWindowsBinary(key: string, known: KnownExecutables | undefined): RuleHit | null {
  if (!known || !key.startsWith('\\') || isWindowsCopy(key)) return null;
  const name = baseName(key);
  const folders = known.foldersOf(name);
  if (!folders) return null;
  const folder = systemFolder(key.slice(0, key.lastIndexOf('\\')));
  if (folders.some((f) => systemFolder(f) === folder)) return null;
  const level = name.endsWith('.exe') ? 'High' : 'Medium';
  const shown = folders.slice(0, SHOWN_FOLDERS).join(', ') + (folders.length > SHOWN_FOLDERS ? ` … ${folders.length - SHOWN_FOLDERS} more` : '');
  return {
    level: MICROSOFT_PRODUCTS.test(key) ? lowerImportance(level) : level,
    reason: `known Windows binary outside its folders: ${name} (known in ${shown})`,
  };
}
