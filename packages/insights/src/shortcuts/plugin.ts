import { fileMetadata } from '../common/file-metadata.js';
import { withJobState, type InsightsPlugin } from '../plugin.js';
import { readShortcutInputs } from '../pipeline/readers/shortcuts-reader.js';
import { newShortcutJob, SHORTCUT_ANALYZERS } from './index.js';

/**
 * Shell links and Jump Lists: one record per link or Jump List entry; no Sigma (docs/api-decisions.md).
 * The result types share the job's entries (made once per record).
 */
export const shortcutsPlugin: InsightsPlugin<'lnk'> = {
  read: readShortcutInputs,
  analyzers: withJobState(newShortcutJob, [fileMetadata, ...SHORTCUT_ANALYZERS]),
};
