/**
 * Writes DestList streams from the documented layout (libyal dtformats, "Jump lists format":
 * version 1 entries of 114 bytes + path, versions ≥ 2 of 130 bytes + path + 4), so versions the
 * corpus lacks (Windows 7/8's 1, early Windows 10's 3) are covered by tests.
 */
export interface BuiltEntry {
  droidVolume: string;
  droidFile: string;
  birthVolume: string;
  birthFile: string;
  hostname: string;
  entryNumber: number;
  lastAccess: bigint;
  pin: number;
  accessCount: number;
  path: string;
}

export function guidBytes(guid: string): Uint8Array {
  const h = guid.replace(/-/g, '');
  const b = Uint8Array.from(h.match(/../g)!.map((x) => parseInt(x, 16)));
  // Data1 (4), Data2 (2) and Data3 (2) are little-endian on disk.
  return Uint8Array.of(b[3]!, b[2]!, b[1]!, b[0]!, b[5]!, b[4]!, b[7]!, b[6]!, ...b.subarray(8));
}

export function buildDestList(version: number, entries: BuiltEntry[], pinnedCount = 0): Uint8Array {
  const wide = version >= 2;
  const parts: Uint8Array[] = [];
  const header = new DataView(new ArrayBuffer(32));
  header.setUint32(0, version, true);
  header.setUint32(4, entries.length, true);
  header.setUint32(8, pinnedCount, true);
  header.setFloat32(12, 1, true);
  header.setUint32(16, Math.max(0, ...entries.map((e) => e.entryNumber)), true);
  header.setUint32(24, entries.length, true);
  parts.push(new Uint8Array(header.buffer));
  for (const e of entries) {
    const fixed = wide ? 130 : 114;
    const bytes = new Uint8Array(fixed + e.path.length * 2 + (wide ? 4 : 0));
    const v = new DataView(bytes.buffer);
    v.setBigUint64(0, 0x1122334455667788n, true); // checksum: not verified by any reader
    bytes.set(guidBytes(e.droidVolume), 8);
    bytes.set(guidBytes(e.droidFile), 24);
    bytes.set(guidBytes(e.birthVolume), 40);
    bytes.set(guidBytes(e.birthFile), 56);
    bytes.set(new TextEncoder().encode(e.hostname), 72);
    v.setUint32(88, e.entryNumber, true);
    v.setFloat32(96, 2.5, true);
    v.setBigUint64(100, e.lastAccess, true);
    v.setInt32(108, e.pin, true);
    if (wide) {
      v.setInt32(112, -1, true);
      v.setUint32(116, e.accessCount, true);
    }
    v.setUint16(fixed - 2, e.path.length, true);
    for (let i = 0; i < e.path.length; i++) v.setUint16(fixed + i * 2, e.path.charCodeAt(i), true);
    parts.push(bytes);
  }
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}
