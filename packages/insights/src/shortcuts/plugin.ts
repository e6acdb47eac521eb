import { fileMetadata } from '../common/file-metadata.js';
import { withJobState, type InsightsPlugin } from '../plugin.js';
import { readShortcutInputs } from '../pipeline/readers/shortcuts-reader.js';

/** Shell links and Jump Lists: one record per link or Jump List entry; no Sigma (docs/api-decisions.md). */
export const shortcutsPlugin: InsightsPlugin<'lnk'> = {
  read: readShortcutInputs,
  analyzers: withJobState(() => undefined, [fileMetadata]),
};
