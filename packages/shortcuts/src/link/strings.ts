import type { LinkStrings } from '../model.js';
import type { LinkReader } from '../reader.js';
import type { Warnings } from '@quarry/binary';
import { LinkFlag } from './header.js';

/** Each string's field, flag and structure name (built once, not per link). */
const FIELDS: [keyof LinkStrings, number, string][] = (
  [
    ['description', LinkFlag.HasName],
    ['relativePath', LinkFlag.HasRelativePath],
    ['workingDirectory', LinkFlag.HasWorkingDir],
    ['arguments', LinkFlag.HasArguments],
    ['iconLocation', LinkFlag.HasIconLocation],
  ] as const
).map(([field, flag]) => [field, flag, `string data ${field}`]);

/**
 * StringData ([MS-SHLLINK] 2.4): each string present when its flag is set, a character count then
 * UTF-16 or ANSI text per IsUnicode. A cut string keeps what is there and ends the section.
 */
export function readStrings(r: LinkReader, at: number, end: number, linkFlags: number, warnings: Warnings): { strings: LinkStrings; next: number } {
  const strings: LinkStrings = { description: null, relativePath: null, workingDirectory: null, arguments: null, iconLocation: null };
  const unicode = (linkFlags & LinkFlag.IsUnicode) !== 0;
  let pos = at;
  for (const [field, flag, structure] of FIELDS) {
    if ((linkFlags & flag) === 0) continue;
    if (pos + 2 > end) {
      warnings.add(structure, pos, 'string missing: the link ends before it');
      return { strings, next: end };
    }
    const count = r.u16(pos, structure);
    const bytes = unicode ? count * 2 : count;
    if (pos + 2 + bytes > end) {
      const room = end - pos - 2;
      warnings.add(structure, pos, `declared ${count} characters, only ${unicode ? Math.floor(room / 2) : room} present; kept what is there`);
      strings[field] = unicode ? r.utf16(pos + 2, Math.floor(room / 2), structure) : r.ansi(pos + 2, room, structure);
      return { strings, next: end };
    }
    strings[field] = unicode ? r.utf16(pos + 2, count, structure) : r.ansi(pos + 2, count, structure);
    pos += 2 + bytes;
  }
  return { strings, next: pos };
}
