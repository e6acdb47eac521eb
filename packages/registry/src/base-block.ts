import { RegistryError } from './errors.js';
import { filetimeToIso } from './filetime.js';
import { Reader } from './reader.js';

export const BASE_BLOCK_SIZE = 4096;
const S = 'base block';

export const FileType = { primary: 0, oldLog: 1, oldLogV11: 2, newLog: 6 } as const;

export interface BaseBlock {
  primarySequence: number;
  secondarySequence: number;
  lastWritten: bigint;
  lastWrittenIso: string | null;
  majorVersion: number;
  minorVersion: number;
  fileType: number;
  fileFormat: number;
  rootCellOffset: number;
  hiveBinsDataSize: number;
  clusteringFactor: number;
  /** Partial path or name of the primary file, as the writer recorded it. */
  fileName: string;
  storedChecksum: number;
  computedChecksum: number;
  checksumValid: boolean;
  sequenceMatch: boolean;
}

/** XOR-32 of the first 508 bytes; 0 and 0xFFFFFFFF are remapped as Windows does. */
export function baseBlockChecksum(buf: Buffer, offset = 0): number {
  let c = 0;
  for (let i = 0; i < 508; i += 4) c ^= buf.readUInt32LE(offset + i);
  c >>>= 0;
  if (c === 0xffffffff) return 0xfffffffe;
  if (c === 0) return 1;
  return c;
}

export function hasRegfSignature(buf: Buffer): boolean {
  return buf.length >= 4 && buf.toString('latin1', 0, 4) === 'regf';
}

/** Parses the first 512 bytes of a primary file or transaction log (the part logs keep a copy of). */
export function parseBaseBlock(buf: Buffer): BaseBlock {
  const r = new Reader(buf);
  r.need(0, 512, S);
  if (!hasRegfSignature(buf)) throw new RegistryError('signature is not "regf"', S, 0);
  const nameBytes = r.bytes(48, 64, S);
  let nameEnd = 0;
  while (nameEnd + 1 < nameBytes.length && (nameBytes[nameEnd] !== 0 || nameBytes[nameEnd + 1] !== 0)) nameEnd += 2;
  const storedChecksum = r.u32(508, S);
  const computedChecksum = baseBlockChecksum(buf);
  const lastWritten = r.u64(12, S);
  const primarySequence = r.u32(4, S);
  const secondarySequence = r.u32(8, S);
  return {
    primarySequence,
    secondarySequence,
    lastWritten,
    lastWrittenIso: filetimeToIso(lastWritten),
    majorVersion: r.u32(20, S),
    minorVersion: r.u32(24, S),
    fileType: r.u32(28, S),
    fileFormat: r.u32(32, S),
    rootCellOffset: r.u32(36, S),
    hiveBinsDataSize: r.u32(40, S),
    clusteringFactor: r.u32(44, S),
    fileName: nameBytes.toString('utf16le', 0, nameEnd),
    storedChecksum,
    computedChecksum,
    checksumValid: storedChecksum === computedChecksum,
    sequenceMatch: primarySequence === secondarySequence,
  };
}
