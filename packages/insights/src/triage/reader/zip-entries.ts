import { LOCAL_HEADER, SIG, localHeaderLength, readLocalHeader, type LocalHeader } from './zip-header.js';
import { MemberData } from './zip-member.js';
import { ZipSource } from './zip-source.js';

/** One file of a zip as it streams past: its bytes must be read (or left) before the next entry comes. */
export interface ZipEntry {
  /** The name as stored (UTF-8 when the entry says so, else byte for byte as Latin-1). */
  name: string;
  /** Uncompressed size from the local header (or its ZIP64 field); null when a data descriptor follows the data (bit 3). */
  size: number | null;
  /** The next piece of the entry's bytes, null at its end. */
  next(): Promise<Uint8Array | null>;
  /** Set at the end when the bytes stopped short or are damaged (truncated archive, bad deflate data, CRC mismatch). */
  problem: string | null;
}

/** Records after the last member: the walk ends there. */
const TRAILER = new Set<number>([SIG.central, SIG.end, SIG.end64, SIG.end64Locator]);
const LOCAL_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/**
 * The entries of a zip read from a stream, one pass, nothing on disk: the source is read only as
 * the consumer asks for bytes, so a slow consumer slows the read instead of buffering. Entries the
 * consumer leaves unread are passed over (not inflated when their length is known). Directories
 * are skipped.
 *
 * Names, sizes and flags come from the local headers (ZIP64 extra fields included); the central
 * directory is where the walk ends. A deflated member with a data descriptor (bit 3, as Go's and so
 * Velociraptor's writers set) ends where its deflate stream does, a stored one where a descriptor
 * whose size matches the bytes read starts, so no signature inside the data can cut it short. Bytes
 * that are no header (a self-extractor's stub, damage between members) are passed over to the next
 * local header. Stored and deflated members are read; other methods and encrypted members are
 * reported on the member, not read.
 */
export async function* zipEntries(source: AsyncIterable<Uint8Array>): AsyncGenerator<ZipEntry> {
  const src = new ZipSource(source);
  try {
    for (;;) {
      const header = await nextHeader(src);
      if (!header) return;
      const data = new MemberData(src, header);
      const entry: ZipEntry = {
        name: header.name,
        size: header.size,
        problem: null,
        next: async () => {
          const piece = await data.next();
          if (piece === null) entry.problem = data.problem;
          return piece;
        },
      };
      if (!header.name.endsWith('/')) yield entry;
      await data.drain();
      entry.problem = data.problem;
    }
  } finally {
    await src.close();
  }
}

/** The next member's local header, taken from the source; null where the members end. */
async function nextHeader(src: ZipSource): Promise<LocalHeader | null> {
  for (;;) {
    if (!(await src.ensure(4))) return null;
    const signature = src.peek().readUInt32LE(0);
    if (signature === SIG.local) {
      if (!(await src.ensure(LOCAL_HEADER)) || !(await src.ensure(localHeaderLength(src.peek())))) return null;
      const header = readLocalHeader(src.peek());
      src.take(header.length);
      return header;
    }
    if (TRAILER.has(signature)) return null;
    const at = src.peek().indexOf(LOCAL_SIGNATURE, 1);
    src.take(at >= 0 ? at : src.available - 3);
  }
}
