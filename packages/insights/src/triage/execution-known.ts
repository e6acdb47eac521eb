import type { RuleHit } from '../common/importance.js';
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
 * A known Windows file (the shipped `file_name` reference data) run from none of its known folders.
 * An .exe is High: a system program's name elsewhere is how malware hides among processes. Other
 * kinds (DLLs) are Medium: applications ship their own copies of Windows DLLs more often. Only
 * absolute paths are judged: a bare name or relative path says nothing of the folder.
 */
export function misplacedWindowsBinary(key: string, known: KnownExecutables | undefined): RuleHit | null {
  if (!known || !key.startsWith('\\') || isWindowsCopy(key)) return null;
  const name = baseName(key);
  const folders = known.foldersOf(name);
  if (!folders) return null;
  // 32-bit programs see System32 as Sysnative: the same folder.
  const folder = key.slice(0, key.lastIndexOf('\\')).replace(/^\\windows\\sysnative(?=\\|$)/, '\\windows\\system32');
  if (folders.includes(folder)) return null;
  const shown = folders.slice(0, SHOWN_FOLDERS).join(', ') + (folders.length > SHOWN_FOLDERS ? ` … ${folders.length - SHOWN_FOLDERS} more` : '');
  return { level: name.endsWith('.exe') ? 'High' : 'Medium', reason: `known Windows binary outside its folders: ${name} (known in ${shown})` };
}
