import { RegistryError, type RegistryWarning, asWarning, warning } from './errors.js';
import type { Reader } from './reader.js';
import { NO_OFFSET, readCell } from './cell.js';

const S = 'subkey list';
/** ri may not nest per the format; one extra level is tolerated for damaged hives. */
const MAX_INDEX_DEPTH = 2;
/** List signatures read as little-endian 16-bit numbers. */
const LF = 0x666c;
const LH = 0x686c;
const LI = 0x696c;
const RI = 0x6972;

/**
 * Resolves a subkey list (lf, lh, li, or ri of those) to key node offsets, in stored order.
 * Anomalies become warnings; whatever offsets could be read are returned.
 */
export function subkeyOffsets(r: Reader, listOffset: number, warnings: RegistryWarning[]): number[] {
  const out: number[] = [];
  appendSubkeyOffsets(r, listOffset, out, warnings);
  return out;
}

/** subkeyOffsets appended to `out`: the walk collects them straight onto its stack. Returns how many. */
export function appendSubkeyOffsets(r: Reader, listOffset: number, out: number[], warnings: RegistryWarning[]): number {
  const before = out.length;
  if (listOffset !== NO_OFFSET) collect(r, listOffset, 0, out, warnings);
  return out.length - before;
}

function signature(r: Reader, d: number): string {
  return r.buf.toString('latin1', d, d + 2);
}

function collect(r: Reader, listOffset: number, depth: number, out: number[], warnings: RegistryWarning[]): void {
  try {
    const cell = readCell(r, listOffset, S);
    const d = cell.dataStart;
    if (cell.dataLength < 4) throw new RegistryError('cell too small for a list header', S, d, 4, cell.dataLength);
    // The signature is compared as a 16-bit number; a string is made only for messages.
    const sigCode = r.view.getUint16(d, true);
    let count = r.view.getUint16(d + 2, true);
    const stride = sigCode === LF || sigCode === LH ? 8 : sigCode === LI || sigCode === RI ? 4 : 0;
    if (stride === 0) throw new RegistryError(`unknown list signature ${JSON.stringify(signature(r, d))}`, S, d);
    const room = Math.floor((cell.dataLength - 4) / stride);
    if (count > room) {
      warnings.push(warning(signature(r, d), d, `list claims ${count} elements but the cell holds ${room}`));
      count = room;
    }
    if (sigCode === RI) {
      if (depth >= MAX_INDEX_DEPTH) throw new RegistryError('index root nested too deep', 'ri', d);
      for (let i = 0; i < count; i++) collect(r, r.view.getUint32(d + 4 + i * 4, true), depth + 1, out, warnings);
      return;
    }
    for (let i = 0; i < count; i++) out.push(r.view.getUint32(d + 4 + i * stride, true));
  } catch (err) {
    warnings.push(asWarning(err));
  }
}
