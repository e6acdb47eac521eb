export { ShortcutError, type ShortcutErrorDetails, type ShortcutFormat } from './errors.js';
export type * from './model.js';
export { shortcutRecords } from './records.js';
export { isShellLink, parseShellLink, type ParseShellLinkOptions } from './link/parse-shell-link.js';
export { filetimeToIso } from './filetime.js';
