/**
 * Builds AppCompatCache values from the documented layouts, for the layouts no public hive holds.
 * Sources: libyal winreg-kb "Application compatibility cache key" (all layouts), Mandiant's
 * ShimCacheParser and Eric Zimmerman's AppCompatCacheParser (8.x package name, Vista flags). Every
 * offset written here is the documented one, spelt out, not taken from our decoder.
 */

/** One entry as the builder writes it; times are ISO text with 7 fractional digits (FILETIME precision). */
export interface BuiltEntry {
  path: string;
  /** "2011-03-04T05:06:07.1234567Z", or null for a zero FILETIME. */
  lastModified: string | null;
  /** Insert flags (Vista, 7, 8.x): 0x2 = executed. */
  insertFlags?: number;
  /** File size (XP, 2003). */
  fileSize?: number;
}

/** 100 ns ticks from 1601-01-01 to 1970-01-01. */
const EPOCH_TICKS = 116444736000000000n;

export function filetime(iso: string | null): bigint {
  if (iso === null) return 0n;
  const m = /^(.{19})\.(\d{7})Z$/.exec(iso);
  if (!m) throw new Error(`builder wants 7 fractional digits: ${iso}`);
  return BigInt(Date.parse(`${m[1]!}Z`)) * 10000n + BigInt(m[2]!) + EPOCH_TICKS;
}

const utf16 = (s: string): Buffer => Buffer.from(s, 'utf16le');

/** Windows XP 32-bit: 400-byte header (0xdeadbeef, capacity 96 @4, entries in use @8), 552-byte entries. */
export function buildXp(entries: BuiltEntry[]): Buffer {
  const buf = Buffer.alloc(0x190 + entries.length * 552);
  buf.writeUInt32LE(0xdeadbeef, 0);
  buf.writeUInt32LE(96, 4);
  buf.writeUInt32LE(entries.length, 8);
  entries.forEach((e, i) => {
    const at = 0x190 + i * 552;
    utf16(`${e.path}\0`).copy(buf, at);
    buf.writeBigUInt64LE(filetime(e.lastModified), at + 528);
    buf.writeBigUInt64LE(BigInt(e.fileSize ?? 0), at + 536);
    buf.writeBigUInt64LE(filetime(e.lastModified), at + 544);
  });
  return buf;
}

export type TableKind = '2003' | 'vista' | 'win7';

/**
 * The fixed-size tables: 2003 and Vista (0xbadc0ffe, 8-byte header, 24/32-byte entries, the last 8
 * bytes a file size on 2003 and insert + shim flags on Vista) and 7 (0xbadc0fee, 128-byte header,
 * 32/48-byte entries with flags and a data blob). Strings (and 7's data) follow the table.
 */
export function buildTable(kind: TableKind, bits: 32 | 64, entries: BuiltEntry[]): Buffer {
  const header = kind === 'win7' ? 0x80 : 8;
  const size = kind === 'win7' ? (bits === 32 ? 32 : 48) : bits === 32 ? 24 : 32;
  const blobs: Buffer[] = [];
  let tail = header + entries.length * size;
  const table = Buffer.alloc(tail);
  table.writeUInt32LE(kind === 'win7' ? 0xbadc0fee : 0xbadc0ffe, 0);
  table.writeUInt32LE(entries.length, 4);
  if (kind === 'win7') table.writeUInt32LE(120, 8);
  entries.forEach((e, i) => {
    const at = header + i * size;
    const path = utf16(`${e.path}\0`);
    table.writeUInt16LE(path.length - 2, at);
    table.writeUInt16LE(path.length, at + 2);
    if (bits === 32) table.writeUInt32LE(tail, at + 4);
    else table.writeBigUInt64LE(BigInt(tail), at + 8);
    blobs.push(path);
    tail += path.length;
    // FILETIME @8 (32-bit) / @16 (64-bit); file size or insert + shim flags right after it.
    table.writeBigUInt64LE(filetime(e.lastModified), at + (bits === 32 ? 8 : 16));
    const last = at + (bits === 32 ? 16 : 24);
    if (kind === '2003') table.writeBigUInt64LE(BigInt(e.fileSize ?? 0), last);
    else {
      table.writeUInt32LE(e.insertFlags ?? 0, last);
      table.writeUInt32LE(0, last + 4);
    }
    if (kind === 'win7') {
      // An 8-byte data blob after the path, as 7 stores shim data.
      const data = Buffer.from([1, 2, 3, 4, 5, 6, 7, 8]);
      if (bits === 32) {
        table.writeUInt32LE(data.length, at + 24);
        table.writeUInt32LE(tail, at + 28);
      } else {
        table.writeBigUInt64LE(BigInt(data.length), at + 32);
        table.writeBigUInt64LE(BigInt(tail), at + 40);
      }
      blobs.push(data);
      tail += data.length;
    }
  });
  return Buffer.concat([table, ...blobs]);
}

export type TsKind = '8.0' | '8.1' | '10' | '10-1703';

/**
 * 8.0 / 8.1 (header size 0x80, "00ts" / "10ts") and 10/11 (header size 0x30, or 0x34 from 1703,
 * entry count @0x24 / @0x28; "10ts"). Entry: signature, hash u32, body size u32, body: path size,
 * path, [8.x: package size u16, package, insert flags u32, shim flags u32], FILETIME, data size, data.
 */
export function buildTs(kind: TsKind, entries: BuiltEntry[], packages: string[] = []): Buffer {
  const start = kind === '8.0' || kind === '8.1' ? 0x80 : kind === '10' ? 0x30 : 0x34;
  const head = Buffer.alloc(start);
  head.writeUInt32LE(start, 0);
  if (kind === '10') head.writeUInt32LE(entries.length, 0x24);
  if (kind === '10-1703') head.writeUInt32LE(entries.length, 0x28);
  const parts = entries.map((e, i) => {
    const path = utf16(e.path);
    const fields: Buffer[] = [u16(path.length), path];
    if (kind === '8.0' || kind === '8.1') {
      const pkg = utf16(packages[i] ?? '');
      fields.push(u16(pkg.length), pkg, u32(e.insertFlags ?? 0), u32(0));
    }
    const data = Buffer.from([0xaa, 0xbb, 0xcc, 0xdd]);
    const ft = Buffer.alloc(8);
    ft.writeBigUInt64LE(filetime(e.lastModified));
    fields.push(ft, u32(data.length), data);
    const body = Buffer.concat(fields);
    return Buffer.concat([Buffer.from(kind === '8.0' ? '00ts' : '10ts', 'latin1'), u32(0x1234abcd), u32(body.length), body]);
  });
  return Buffer.concat([head, ...parts]);
}

function u16(n: number): Buffer {
  const b = Buffer.alloc(2);
  b.writeUInt16LE(n);
  return b;
}

function u32(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n);
  return b;
}
