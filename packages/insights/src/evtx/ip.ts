/** Loopback: 127/8, ::1, and IPv4-mapped loopback. */
export function isLoopback(ip: string): boolean {
  return ip.startsWith('127.') || ip === '::1' || ip.startsWith('::ffff:127.') || ip === '0:0:0:0:0:0:0:1';
}

/** Not an address at all ("-", "", "::"). */
export function isNoAddress(ip: string): boolean {
  return ip === '' || ip === '-' || ip === '::' || ip === '0.0.0.0';
}

/** Public (routable) address: not private, loopback, link-local, multicast or documentation ranges. */
export function isPublic(ip: string): boolean {
  if (isNoAddress(ip) || isLoopback(ip)) return false;
  const v4 = /^(?:::ffff:)?(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(ip);
  if (v4) {
    const [a, b] = [Number(v4[1]), Number(v4[2])];
    if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)) return false;
    if (a === 169 && b === 254) return false;
    if (a === 100 && b >= 64 && b <= 127) return false;
    if (a >= 224 || a === 0) return false;
    return true;
  }
  const l = ip.toLowerCase();
  return !(l.startsWith('fe80:') || l.startsWith('fc') || l.startsWith('fd') || l.startsWith('ff'));
}
