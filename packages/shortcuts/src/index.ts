export { ShortcutError, type ShortcutErrorDetails, type ShortcutFormat } from './errors.js';
export type * from './model.js';
export { shortcutRecords } from './records.js';
export { isShellLink, parseShellLink, type ParseShellLinkOptions } from './link/parse-shell-link.js';
export { filetimeToIso } from './filetime.js';
// Jump Lists and the dispatch by content.
export { parseAutomaticDestinations, type JumpListOptions } from './jumplists/automatic-destinations.js';
export { parseCustomDestinations } from './jumplists/custom-destinations.js';
export { parseDestList, type DestListResult } from './jumplists/destlist.js';
export { detectShortcutKind, parseShortcutFile } from './shortcut-file.js';
