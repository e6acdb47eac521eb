import type { ExtraDataBlock } from '../model.js';
import type { LinkReader } from '../reader.js';

type Console = Extract<ExtraDataBlock, { kind: 'console' }>;

/** ConsoleDataBlock ([MS-SHLLINK] 2.5.1), 0xCC bytes: window geometry, font and editing options. */
export function readConsole(r: LinkReader, at: number, size: number, signature: number): Console {
  const s = 'console data block';
  r.need(at, 0xcc, s);
  return {
    offset: at,
    size,
    signature,
    kind: 'console',
    fillAttributes: r.u16(at + 8, s),
    screenBufferSize: [r.u16s(at + 12, s), r.u16s(at + 14, s)],
    windowSize: [r.u16s(at + 16, s), r.u16s(at + 18, s)],
    fontSize: r.u32(at + 32, s),
    faceName: r.utf16z(at + 44, at + 108, s).text,
    quickEdit: r.u32(at + 116, s) !== 0,
    insertMode: r.u32(at + 120, s) !== 0,
    historyBufferSize: r.u32(at + 128, s),
  };
}
