import { StructureError, type StructureErrorDetails } from '@quarry/binary';

/** Which structure family an error belongs to. */
export type ShortcutFormat = 'LNK' | 'CFB' | 'DESTLIST' | 'CUSTOM';

/** Offsets are absolute in the file (or the compound-file stream, for DESTLIST). */
export type ShortcutErrorDetails = StructureErrorDetails<ShortcutFormat>;

/** The one error type this library throws. */
export class ShortcutError extends StructureError<ShortcutFormat> {
  override readonly name = 'ShortcutError';
}
