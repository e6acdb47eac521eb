/**
 * Writes a collection zip whose local headers carry each member's CRC and sizes, as a writer that
 * can seek back does (KAPE's .NET ZipArchive on a file): a streaming reader then knows a member's
 * size when it starts. Members are deflated one at a time (node:zlib), so memory holds one member;
 * no Zip64, so each member and the archive stay under 4 GiB (and 65,535 members), as the bench's do.
 * The other kind, sizes in data descriptors after the data, is zip-writer.ts.
 */
import { closeSync, openSync, readFileSync, statSync, writeSync } from 'node:fs';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { crc32, deflateRawSync } from 'node:zlib';
import type { WrittenZip, ZipEntry } from './zip-writer.js';

const LEVEL = 1;
const UTF8_NAME = 0x0800;
const DEFLATE = 8;

/** MS-DOS time and date words (local time, 2-second resolution), as zip headers hold them. */
function dosTime(d: Date): { time: number; date: number } {
  return {
    time: (d.getHours() << 11) | (d.getMinutes() << 5) | (d.getSeconds() >> 1),
    date: ((d.getFullYear() - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
  };
}

interface Central {
  name: Buffer;
  flags: number;
  time: number;
  date: number;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

function localHeader(c: Central): Buffer {
  const h = Buffer.alloc(30);
  h.writeUInt32LE(0x04034b50, 0);
  h.writeUInt16LE(20, 4); // version needed: deflate
  h.writeUInt16LE(c.flags, 6);
  h.writeUInt16LE(DEFLATE, 8);
  h.writeUInt16LE(c.time, 10);
  h.writeUInt16LE(c.date, 12);
  h.writeUInt32LE(c.crc, 14);
  h.writeUInt32LE(c.compressed, 18);
  h.writeUInt32LE(c.size, 22);
  h.writeUInt16LE(c.name.length, 26);
  return h;
}

function centralHeader(c: Central): Buffer {
  const h = Buffer.alloc(46);
  h.writeUInt32LE(0x02014b50, 0);
  h.writeUInt16LE(20, 4); // made by: MS-DOS, 2.0
  h.writeUInt16LE(20, 6);
  h.writeUInt16LE(c.flags, 8);
  h.writeUInt16LE(DEFLATE, 10);
  h.writeUInt16LE(c.time, 12);
  h.writeUInt16LE(c.date, 14);
  h.writeUInt32LE(c.crc, 16);
  h.writeUInt32LE(c.compressed, 20);
  h.writeUInt32LE(c.size, 24);
  h.writeUInt16LE(c.name.length, 28);
  h.writeUInt32LE(c.offset, 42);
  return h;
}

export async function writeSizedZip(target: string, entries: readonly ZipEntry[]): Promise<WrittenZip> {
  const fd = openSync(target, 'w');
  let at = 0;
  const put = (b: Buffer) => {
    at += writeSync(fd, b);
  };
  try {
    const central: Central[] = [];
    let contentBytes = 0;
    for (const e of entries) {
      const data = readFileSync(e.source);
      const deflated = deflateRawSync(data, { level: LEVEL });
      const name = Buffer.from(e.path, 'utf8');
      const c: Central = {
        name,
        flags: name.length !== e.path.length ? UTF8_NAME : 0,
        ...dosTime(statSync(e.source).mtime),
        crc: crc32(data),
        compressed: deflated.length,
        size: data.length,
        offset: at,
      };
      if (at + 30 + name.length + deflated.length >= 2 ** 32) throw new Error(`${target} would pass 4 GiB: this writer has no Zip64`);
      put(localHeader(c));
      put(name);
      put(deflated);
      central.push(c);
      contentBytes += data.length;
      // Lets the caller's keep-alive timers run (see zip-writer.ts).
      await nextTurn();
    }
    if (central.length > 0xffff) throw new Error(`${central.length} members: this writer has no Zip64`);
    const cdStart = at;
    for (const c of central) {
      put(centralHeader(c));
      put(c.name);
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(central.length, 8);
    end.writeUInt16LE(central.length, 10);
    end.writeUInt32LE(at - cdStart, 12);
    end.writeUInt32LE(cdStart, 16);
    put(end);
    return { path: target, bytes: at, members: central.length, contentBytes };
  } finally {
    closeSync(fd);
  }
}
