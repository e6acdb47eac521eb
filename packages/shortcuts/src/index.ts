export { ShortcutError, type ShortcutErrorDetails, type ShortcutFormat } from './errors.js';
export type * from './model.js';
export { shortcutRecords } from './records.js';
