import { parse, type CFB$Container } from 'cfb';
import { ShortcutError } from '../errors.js';

/** D0 CF 11 E0 A1 B1 1A E1: every OLE compound file starts with it. */
const CFB_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
/** cfb's entry type of a stream (storages and the root are other types). */
const STREAM = 2;

export interface CompoundStream {
  /** Path below the root, e.g. "DestList" or "Storage/Stream". */
  path: string;
  data: Uint8Array;
}

export function hasCompoundFileMagic(bytes: Uint8Array): boolean {
  return bytes.length >= CFB_MAGIC.length && CFB_MAGIC.every((b, i) => bytes[i] === b);
}

/**
 * Every stream of an OLE compound file, read by the cfb library. Anything cfb cannot read (no
 * magic, a sector chain out of the file, a cut directory) is a ShortcutError 'CFB'.
 */
export function readCompoundStreams(bytes: Uint8Array): CompoundStream[] {
  if (!hasCompoundFileMagic(bytes)) {
    throw new ShortcutError('not an OLE compound file (no D0CF11E0A1B11AE1 signature)', { format: 'CFB', structure: 'compound file header', offset: 0 });
  }
  let container: CFB$Container;
  try {
    container = parse(bytes);
  } catch (error) {
    // cfb reports damage as plain Errors and TypeErrors; none of them may escape as such.
    const reason = error instanceof Error ? error.message : String(error);
    throw new ShortcutError(`compound file unreadable: ${reason}`, { format: 'CFB', structure: 'compound file', offset: 0 });
  }
  const streams: CompoundStream[] = [];
  container.FileIndex.forEach((entry, i) => {
    if (entry.type !== STREAM) return;
    const full = container.FullPaths[i] ?? entry.name;
    // cfb leaves `content` unset for an empty stream.
    const content = entry.content instanceof Uint8Array ? entry.content : Uint8Array.from(entry.content ?? []);
    streams.push({ path: full.slice(full.indexOf('/') + 1), data: content.subarray(0, entry.size) });
  });
  return streams;
}
