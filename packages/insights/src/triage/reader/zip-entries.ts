import { Unzip, UnzipInflate, type AsyncFlateStreamHandler, type FlateError, type UnzipDecoder, type UnzipFile } from 'fflate';

/** One file of a zip as it streams past: its bytes must be read (or left) before the next entry comes. */
export interface ZipEntry {
  /** The name as stored (fflate decodes it as UTF-8 when the entry says so, else as Latin-1). */
  name: string;
  /** Uncompressed size from the local header; null when a data descriptor follows the data (bit 3). */
  size: number | null;
  /** The next piece of the entry's bytes, null at its end. */
  next(): Promise<Uint8Array | null>;
  /** Set at the end when the bytes stopped short (truncated archive, bad deflate data). */
  problem: string | null;
}

type Event = { kind: 'file'; file: UnzipFile } | { kind: 'data'; file: UnzipFile; chunk: Uint8Array } | { kind: 'end'; file: UnzipFile; error: string | null };

/**
 * Compressed bytes handed to fflate at a time: what one push inflates to is all that is held
 * besides what the consumer has not taken yet (a deflate stream expands ~1000x at worst).
 */
const SLICE = 16 * 1024;

/**
 * Compression methods fflate does not inflate (Deflate64, which Windows' own zip writes past 2 GiB,
 * bzip2, LZMA, Zstandard, XZ, PPMd, AES): such a member is reported and skipped, the walk goes on.
 */
const UNSUPPORTED_METHODS = [9, 12, 14, 93, 95, 98, 99];

/** A stand-in decoder for a method fflate lacks: it says so once and drops the member's bytes. */
function refusing(method: number) {
  return class implements UnzipDecoder {
    static readonly compression = method;
    ondata: AsyncFlateStreamHandler = () => {};
    private said = false;
    push(_chunk: Uint8Array, final: boolean): void {
      if (this.said) return;
      this.said = true;
      const err: FlateError = Object.assign(new Error(`compression method ${method} is not supported`), { code: 14 });
      this.ondata(err, new Uint8Array(0), final);
    }
  };
}

/**
 * The entries of a zip read from a stream, one pass, nothing on disk: fflate's streaming Unzip is
 * fed only as the consumer asks for bytes, so a slow consumer slows the read instead of buffering.
 * Entries the consumer leaves unread are drained. Directories are skipped.
 *
 * fflate reads local headers only: an entry with a data descriptor (bit 3, as Go's and so
 * Velociraptor's writers set) ends where the next header or descriptor signature is found, so
 * such a signature occurring inside compressed data cuts the entry short (its inflate then fails
 * and the entry's problem says so). Zip64 local headers are read; the central directory is not
 * (names, sizes and flags come from the local headers). Stored and deflated members are read;
 * other methods and encrypted members are reported on the member, not read.
 */
export async function* zipEntries(source: AsyncIterable<Uint8Array>): AsyncGenerator<ZipEntry> {
  const it = source[Symbol.asyncIterator]();
  const events: Event[] = [];
  const unzip = new Unzip((file) => {
    events.push({ kind: 'file', file });
    file.ondata = (err, chunk, final) => {
      if (err) events.push({ kind: 'end', file, error: `cannot inflate: ${err.message}` });
      else {
        if (chunk.length > 0) events.push({ kind: 'data', file, chunk });
        if (final) events.push({ kind: 'end', file, error: null });
      }
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  for (const method of UNSUPPORTED_METHODS) unzip.register(refusing(method));

  let pending: Uint8Array | null = null;
  let sourceDone = false;
  let tail: string | null = null;

  /** Feeds fflate one slice; false once the source is exhausted. */
  const pump = async (): Promise<boolean> => {
    if (sourceDone) return false;
    if (!pending || pending.length === 0) {
      const r = await it.next();
      if (r.done) {
        sourceDone = true;
        try {
          unzip.push(new Uint8Array(0), true);
        } catch (err) {
          tail = `the zip ends inside this member (${err instanceof Error ? err.message : String(err)})`;
        }
        return false;
      }
      pending = r.value;
    }
    const slice = pending.subarray(0, SLICE);
    pending = pending.subarray(slice.length);
    try {
      unzip.push(slice);
    } catch (err) {
      // fflate gives up on the archive (an unknown compression method): what was read stands.
      tail = `the zip cannot be read past this point (${err instanceof Error ? err.message : String(err)})`;
      sourceDone = true;
      await it.return?.();
      return false;
    }
    return true;
  };

  const nextEvent = async (): Promise<Event | null> => {
    while (events.length === 0) if (!(await pump())) return events.shift() ?? null;
    return events.shift()!;
  };

  let current: { file: UnzipFile; entry: ZipEntry; ended: boolean } | null = null;
  const endCurrent = (problem: string | null) => {
    if (!current || current.ended) return;
    current.ended = true;
    current.entry.problem = problem;
  };

  const entryOf = (file: UnzipFile): ZipEntry => {
    const entry: ZipEntry = {
      name: file.name,
      size: file.originalSize ?? null,
      problem: null,
      next: async () => {
        for (;;) {
          if (!current || current.entry !== entry || current.ended) return null;
          const ev = await nextEvent();
          if (!ev) {
            endCurrent(tail ?? 'the zip ends inside this member');
            return null;
          }
          if (ev.file !== file) {
            // A new header before this entry's end: its data stopped short.
            if (ev.kind === 'file') events.unshift(ev);
            endCurrent('the member ends before its declared data');
            return null;
          }
          if (ev.kind === 'data') return ev.chunk;
          if (ev.kind === 'end') {
            endCurrent(ev.error);
            return null;
          }
        }
      },
    };
    return entry;
  };

  try {
    for (;;) {
      if (current && !current.ended) while ((await current.entry.next()) !== null);
      const ev = await nextEvent();
      if (!ev) return;
      if (ev.kind !== 'file') continue;
      current = { file: ev.file, entry: entryOf(ev.file), ended: false };
      if (ev.file.name.endsWith('/')) continue;
      yield current.entry;
    }
  } finally {
    if (!sourceDone) await it.return?.();
  }
}
