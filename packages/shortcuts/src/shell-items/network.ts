import type { ShellItem } from '../model.js';
import type { LinkReader } from '../reader.js';

/**
 * A network location shell item (class 0x40-0x4F, 0xC3): flags, location ("\\server\share"), then a
 * description when flag 0x80 is set and comments when flag 0x40 is set, all ANSI.
 */
export function readNetwork(r: LinkReader, at: number, end: number, classType: number): ShellItem {
  const s = 'network shell item';
  const flags = r.u8(at + 4, s);
  const location = r.ansiz(at + 5, end, s);
  let pos = location.end;
  let description: string | null = null;
  let comments: string | null = null;
  if (flags & 0x80 && pos < end) {
    const d = r.ansiz(pos, end, s);
    description = d.text;
    pos = d.end;
  }
  if (flags & 0x40 && pos < end) comments = r.ansiz(pos, end, s).text;
  return { kind: 'network', offset: at, size: end - at, classType, location: location.text, description, comments };
}
