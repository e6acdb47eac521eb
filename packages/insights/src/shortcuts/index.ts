import type { AnalyzerFactory } from '../pipeline/analyzer.js';
import { accessTimeline } from './access-timeline.js';
import type { ShortcutJob } from './collect.js';
import { machinesTrackers } from './machines-trackers.js';
import { openedFiles } from './opened-files.js';
import { overview } from './overview.js';
import { removableNetworkMedia } from './removable-network-media.js';
import { suspiciousShortcuts } from './suspicious-shortcuts.js';

export { newShortcutJob, ShortcutJob } from './collect.js';
export { applicationFor, applicationLabel } from './app-ids.js';
export { accessTimeline, machinesTrackers, openedFiles, overview, removableNetworkMedia, suspiciousShortcuts };

/** The shortcut result types in the order they are listed (issue 34). */
export const SHORTCUT_ANALYZERS: readonly AnalyzerFactory<'lnk', ShortcutJob>[] = [
  overview,
  openedFiles,
  removableNetworkMedia,
  suspiciousShortcuts,
  machinesTrackers,
  accessTimeline,
];
