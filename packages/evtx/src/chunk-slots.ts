import { CHUNK_HEADER_SIZE, CHUNK_SIZE } from './chunk-header.js';
import { FILE_HEADER_SIZE } from './file-header.js';

/** File offset of chunk slot `index`: the chunks follow the file header back to back. */
export function chunkOffset(index: number): number {
  return FILE_HEADER_SIZE + index * CHUNK_SIZE;
}

/** A never-used chunk slot: its whole header is zero bytes. */
function isEmptyChunk(buf: Uint8Array): boolean {
  const end = Math.min(buf.length, CHUNK_HEADER_SIZE);
  for (let i = 0; i < end; i++) if (buf[i] !== 0) return false;
  return true;
}

/** One chunk of a block read from the file: its bytes, file offset and index. */
export interface ChunkSlot {
  buf: Buffer;
  base: number;
  index: number;
}

/** The used chunk slots of `block`, consecutive chunks read from slot `first` on (the last may be cut short). */
export function* chunksIn(block: Buffer, first: number): Generator<ChunkSlot> {
  for (let at = 0, index = first; at < block.length; at += CHUNK_SIZE, index++) {
    const buf = block.subarray(at, at + CHUNK_SIZE);
    if (!isEmptyChunk(buf)) yield { buf, base: chunkOffset(index), index };
  }
}
