import { inflateRawSync } from 'node:zlib';
import { ImportError } from './errors.js';

// Upstream xCyclopedia ships one CSV per zip; a few MiB compressed, ~15 MiB inside. A larger
// claim than this is not that file, so it is refused before anything is inflated.
const MAX_ENTRY_BYTES = 512 * 1024 * 1024;
const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;

export interface ZipEntry {
  name: string;
  data: Buffer;
}

/**
 * Reads the entries of a zip archive (stored or deflated; no zip64, encryption or multi-disk,
 * none of which upstream uses). Every read is bounds-checked and says what it reads.
 */
export function readZip(buf: Buffer, file: string, wanted: (name: string) => boolean = () => true): ZipEntry[] {
  const fail = (structure: string, message: string, offset: number): never => {
    throw new ImportError(file, structure, message, offset);
  };
  const u16 = (off: number, what: string) => (off + 2 <= buf.length ? buf.readUInt16LE(off) : fail(what, 'truncated', off));
  const u32 = (off: number, what: string) => (off + 4 <= buf.length ? buf.readUInt32LE(off) : fail(what, 'truncated', off));

  // The end record is the last 22 bytes plus a comment of up to 64 KiB.
  let eocd = -1;
  for (let p = buf.length - 22; p >= Math.max(0, buf.length - 22 - 0xffff); p--) {
    if (buf.readUInt32LE(p) === EOCD_SIGNATURE) {
      eocd = p;
      break;
    }
  }
  if (eocd < 0) fail('zip end of central directory', 'not found (not a zip file?)', buf.length);
  const count = u16(eocd + 10, 'zip entry count');
  let p = u32(eocd + 16, 'zip central directory offset');
  if (p === 0xffffffff) fail('zip central directory offset', 'zip64 archives are not supported', eocd + 16);

  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (u32(p, 'zip central directory entry') !== CENTRAL_SIGNATURE) fail('zip central directory entry', 'bad signature', p);
    const flags = u16(p + 8, 'zip entry flags');
    const method = u16(p + 10, 'zip entry method');
    const compressed = u32(p + 20, 'zip entry compressed size');
    const size = u32(p + 24, 'zip entry size');
    const nameLen = u16(p + 28, 'zip entry name length');
    const extraLen = u16(p + 30, 'zip entry extra length');
    const commentLen = u16(p + 32, 'zip entry comment length');
    const local = u32(p + 42, 'zip entry local header offset');
    if (p + 46 + nameLen > buf.length) fail('zip entry name', 'truncated', p + 46);
    const name = buf.toString('utf8', p + 46, p + 46 + nameLen);
    p += 46 + nameLen + extraLen + commentLen;
    if (name.endsWith('/') || !wanted(name)) continue;
    if (flags & 1) fail(`zip entry ${name}`, 'encrypted entries are not supported', p);
    if (size > MAX_ENTRY_BYTES) fail(`zip entry ${name}`, `claims ${size} bytes, over the ${MAX_ENTRY_BYTES} cap`, p);
    if (u32(local, 'zip local header') !== LOCAL_SIGNATURE) fail('zip local header', 'bad signature', local);
    const start = local + 30 + u16(local + 26, 'zip local name length') + u16(local + 28, 'zip local extra length');
    if (start + compressed > buf.length) fail(`zip entry ${name} data`, `needs ${compressed} bytes, ${buf.length - start} available`, start);
    const raw = buf.subarray(start, start + compressed);
    let data: Buffer;
    if (method === 0) data = Buffer.from(raw);
    else if (method === 8) data = inflateRawSync(raw, { maxOutputLength: Math.max(size, 1) });
    else return fail(`zip entry ${name}`, `compression method ${method} is not supported`, local);
    if (data.length !== size) fail(`zip entry ${name}`, `inflated to ${data.length} bytes, header says ${size}`, start);
    entries.push({ name, data });
  }
  return entries;
}
