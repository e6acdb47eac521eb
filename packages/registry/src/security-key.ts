import { RegistryError } from './errors.js';
import type { Reader } from './reader.js';
import { readCell } from './cell.js';
import { parseSecurityDescriptor, type SecuritySummary } from './security-descriptor.js';

const S = 'sk';

/** Reads an sk cell (shared by many keys) and summarises its security descriptor. */
export function readSecurityKey(r: Reader, offset: number): SecuritySummary {
  const cell = readCell(r, offset, S);
  const d = cell.dataStart;
  if (cell.dataLength < 20) throw new RegistryError('cell too small for a key security item', S, d, 20, cell.dataLength);
  if (r.buf[d] !== 0x73 || r.buf[d + 1] !== 0x6b) throw new RegistryError('signature is not "sk"', S, d);
  const size = r.u32(d + 16, S);
  if (size > cell.dataLength - 20) throw new RegistryError('descriptor runs past the cell', S, d + 20, size, cell.dataLength - 20);
  return parseSecurityDescriptor(r, d + 20, size);
}
