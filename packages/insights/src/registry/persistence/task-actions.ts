/**
 * Decodes a TaskCache\Tasks\{Id} Actions value (Win8+ binary form): u16 version, on version 3 a
 * u32-length UTF-16 author/context string, then actions: 0x6666 exec (id, path, arguments,
 * working directory as u32-length UTF-16 strings, version 3 adds a u16), 0x7777 COM handler
 * (id, 16-byte CLSID, data), 0x8888 e-mail and 0x9999 message box (not decoded further). Every
 * length is checked against the buffer; what cannot be read ends the list.
 */
export function decodeTaskActions(buf: Buffer): string[] {
  let at = 0;
  const u16 = (): number | null => (at + 2 <= buf.length ? ((at += 2), buf.readUInt16LE(at - 2)) : null);
  const text = (): string | null => {
    if (at + 4 > buf.length) return null;
    const len = buf.readUInt32LE(at);
    if (len > buf.length - at - 4) return null;
    const s = buf.toString('utf16le', at + 4, at + 4 + (len & ~1));
    at += 4 + len;
    return s;
  };
  const version = u16();
  if (version === null) return [];
  if (version >= 3 && text() === null) return [];
  const out: string[] = [];
  while (at < buf.length) {
    const magic = u16();
    if (magic === 0x6666) {
      const id = text();
      const path = text();
      const args = text();
      const dir = text();
      if (path === null) break;
      if (version >= 3) u16();
      out.push([path, args].filter((s) => s).join(' ') + (dir ? ` (in ${dir})` : '') + (id ? ` [${id}]` : ''));
    } else if (magic === 0x7777) {
      const id = text();
      if (at + 16 > buf.length) break;
      const clsid = guid(buf.subarray(at, at + 16));
      at += 16;
      const data = text();
      out.push(`COM handler {${clsid}}${data ? ` ${data}` : ''}${id ? ` [${id}]` : ''}`);
    } else {
      if (magic === 0x8888) out.push('send e-mail action');
      else if (magic === 0x9999) out.push('message box action');
      break;
    }
  }
  return out;
}

/** A GUID stored little-endian (Data1-3) as registry text. */
export function guid(b: Buffer): string {
  const h = b.toString('hex');
  const le = (s: string): string => s.match(/../g)!.reverse().join('');
  return `${le(h.slice(0, 8))}-${le(h.slice(8, 12))}-${le(h.slice(12, 16))}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}
