import { basename, extname } from 'node:path';
import { detectFiletype } from './filetype.js';

/** External variables that popular packs (signature-base, LOKI/THOR rules) expect. */
export const EXTERNAL_NAMES = ['filename', 'filepath', 'extension', 'filetype', 'owner'] as const;
export type ExternalName = (typeof EXTERNAL_NAMES)[number];
export type Externals = Record<ExternalName, string>;

/** Compile-time defaults: declared (so rules compile), empty (so nothing matches by accident). */
export const EMPTY_EXTERNALS: Externals = { filename: '', filepath: '', extension: '', filetype: '', owner: '' };

/**
 * Per-file values. `extension` keeps the dot and is lower-cased, as LOKI/THOR define it
 * (signature-base writes `extension == ".jpg"`).
 */
export function externalsFor(path: string, head: Uint8Array, owner = ''): Externals {
  return {
    filename: basename(path),
    filepath: path,
    extension: extname(path).toLowerCase(),
    filetype: detectFiletype(head, path),
    owner,
  };
}
