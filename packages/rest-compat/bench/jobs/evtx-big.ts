/**
 * Builds the ≥ 1 GiB EVTX job from the samples. Concatenated EVTX files are not EVTX, so each big
 * file is a valid EVTX file of its own: a 4096-byte file header followed by 64 KiB chunks copied
 * from every sample (only chunks whose magic and both CRC32s verify), cycled until the job holds
 * just under 1 GiB. The header is rewritten for the new file: first/last chunk number, next record
 * id, chunk count, flags clean, and its CRC32 (bytes 0–119, stored at 124). Chunks carry their own
 * string/template tables and record ids, so they stay valid anywhere in a file.
 */
import { closeSync, openSync, readFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';

export const HEADER = 4096;
export const CHUNK = 65536;

export interface ChunkRef {
  data: Buffer;
  lastRecordId: bigint;
  records: number;
}

/** The valid chunks of one EVTX file (magic, header CRC and records CRC checked). */
export function validChunks(file: Buffer): ChunkRef[] {
  const out: ChunkRef[] = [];
  if (file.subarray(0, 8).toString('latin1') !== 'ElfFile\0') return out;
  for (let off = HEADER; off + CHUNK <= file.length; off += CHUNK) {
    const c = file.subarray(off, off + CHUNK);
    if (c.subarray(0, 8).toString('latin1') !== 'ElfChnk\0') continue;
    const headerCrc = crc32(c.subarray(128, 512), crc32(c.subarray(0, 120)));
    if (headerCrc !== c.readUInt32LE(124)) continue;
    const free = c.readUInt32LE(48);
    if (free < 512 || free > CHUNK) continue;
    if (crc32(c.subarray(512, free)) !== c.readUInt32LE(52)) continue;
    const firstId = c.readBigUInt64LE(24);
    const lastId = c.readBigUInt64LE(32);
    if (lastId < firstId) continue;
    out.push({ data: Buffer.from(c), lastRecordId: lastId, records: Number(lastId - firstId + 1n) });
  }
  return out;
}

export function fileHeader(template: Buffer, chunks: number, nextRecordId: bigint): Buffer {
  const h = Buffer.alloc(HEADER);
  template.copy(h, 0, 0, 128);
  h.writeBigUInt64LE(0n, 8); // first chunk number
  h.writeBigUInt64LE(BigInt(chunks - 1), 16); // last chunk number
  h.writeBigUInt64LE(nextRecordId, 24);
  h.writeUInt32LE(128, 32); // header size
  h.writeUInt16LE(1, 36); // minor version
  h.writeUInt16LE(3, 38); // major version
  h.writeUInt16LE(HEADER, 40); // header block size
  h.writeUInt16LE(chunks, 42);
  h.fill(0, 44, 120);
  h.writeUInt32LE(0, 120); // flags: clean, not full
  h.writeUInt32LE(crc32(h.subarray(0, 120)), 124);
  return h;
}

export interface BigSet {
  paths: string[];
  bytes: number;
  chunks: number;
  distinctChunks: number;
  /** Records by the chunk headers' record-id ranges (the job's own count is reported beside it). */
  records: number;
}

/**
 * Writes `files` EVTX files into `dir` holding `totalBytes` at most between them (headers
 * included), each ≤ 250 MiB. Memory: the samples' valid chunks (≈ the sample set's size).
 */
export function buildBigEvtx(samples: string[], dir: string, files: number, totalBytes: number): BigSet {
  const pool: ChunkRef[] = [];
  let template: Buffer | undefined;
  for (const s of samples) {
    const buf = readFileSync(s);
    const chunks = validChunks(buf);
    if (chunks.length && !template) template = Buffer.from(buf.subarray(0, 128));
    pool.push(...chunks);
  }
  if (!template || pool.length === 0) throw new Error('no valid EVTX chunk in the samples');
  const totalChunks = Math.floor((totalBytes - files * HEADER) / CHUNK);
  const perFile = Array.from({ length: files }, (_, i) => Math.floor(totalChunks / files) + (i < totalChunks % files ? 1 : 0));
  if (perFile[0]! * CHUNK + HEADER > 250 * 1024 * 1024) throw new Error('a big file would exceed 250 MiB: use more files');
  const paths: string[] = [];
  let next = 0;
  let bytes = 0;
  let records = 0;
  for (let f = 0; f < files; f++) {
    const picked: ChunkRef[] = [];
    for (let i = 0; i < perFile[f]!; i++) picked.push(pool[next++ % pool.length]!);
    const maxId = picked.reduce((m, c) => (c.lastRecordId > m ? c.lastRecordId : m), 0n);
    const path = join(dir, `big-${String(f + 1).padStart(2, '0')}.evtx`);
    const fd = openSync(path, 'w');
    try {
      writeSync(fd, fileHeader(template, picked.length, maxId + 1n));
      // Write in 4 MiB batches: fewer syscalls, bounded memory.
      for (let i = 0; i < picked.length; i += 64) {
        const batch = picked.slice(i, i + 64);
        writeSync(fd, Buffer.concat(batch.map((c) => c.data)));
      }
    } finally {
      closeSync(fd);
    }
    for (const c of picked) records += c.records;
    bytes += HEADER + picked.length * CHUNK;
    paths.push(path);
  }
  return { paths, bytes, chunks: totalChunks, distinctChunks: pool.length, records };
}
