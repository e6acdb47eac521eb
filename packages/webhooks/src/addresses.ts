import { isIP } from 'node:net';

/**
 * Which addresses a webhook may not reach unless the operator allows private targets: anything
 * that is not a public unicast address, so a request cannot be aimed at the server's own host,
 * its cloud metadata service (169.254.169.254) or the private network behind it.
 */
interface Range {
  /** IPv4: 2 hextets (a 32-bit address as two 16-bit halves); IPv6: 8 hextets. */
  prefix: readonly number[];
  bits: number;
  reason: string;
}

const v4 = (a: number, b: number, c: number, d: number, bits: number, reason: string): Range => ({ prefix: [(a << 8) | b, (c << 8) | d], bits, reason });

const V4_RANGES: readonly Range[] = [
  v4(0, 0, 0, 0, 8, 'unspecified ("this network")'),
  v4(10, 0, 0, 0, 8, 'private (RFC 1918)'),
  v4(100, 64, 0, 0, 10, 'shared address space (CGNAT, RFC 6598)'),
  v4(127, 0, 0, 0, 8, 'loopback'),
  v4(169, 254, 0, 0, 16, 'link-local'),
  v4(172, 16, 0, 0, 12, 'private (RFC 1918)'),
  v4(192, 0, 0, 0, 24, 'IETF protocol assignments'),
  v4(192, 0, 2, 0, 24, 'documentation'),
  v4(192, 168, 0, 0, 16, 'private (RFC 1918)'),
  v4(198, 18, 0, 0, 15, 'benchmarking'),
  v4(198, 51, 100, 0, 24, 'documentation'),
  v4(203, 0, 113, 0, 24, 'documentation'),
  v4(224, 0, 0, 0, 4, 'multicast'),
  v4(240, 0, 0, 0, 4, 'reserved or broadcast'),
];

const V6_RANGES: readonly Range[] = [
  { prefix: [0, 0, 0, 0, 0, 0, 0, 0], bits: 128, reason: 'unspecified' },
  { prefix: [0, 0, 0, 0, 0, 0, 0, 1], bits: 128, reason: 'loopback' },
  { prefix: [0xfe80], bits: 10, reason: 'link-local' },
  { prefix: [0xfec0], bits: 10, reason: 'site-local' },
  { prefix: [0xfc00], bits: 7, reason: 'unique-local' },
  { prefix: [0xff00], bits: 8, reason: 'multicast' },
  { prefix: [0x2001, 0x0db8], bits: 32, reason: 'documentation' },
  { prefix: [0x0100, 0, 0, 0], bits: 64, reason: 'discard-only' },
];

/** IPv6 forms that carry an IPv4 address, which is then judged as itself. */
const EMBEDDING_V4: readonly { prefix: readonly number[]; bits: number; at: number }[] = [
  { prefix: [0, 0, 0, 0, 0, 0xffff], bits: 96, at: 6 }, // IPv4-mapped ::ffff:a.b.c.d
  { prefix: [0, 0, 0, 0, 0, 0], bits: 96, at: 6 }, // IPv4-compatible ::a.b.c.d (deprecated)
  { prefix: [0x64, 0xff9b, 0, 0, 0, 0], bits: 96, at: 6 }, // NAT64 64:ff9b::a.b.c.d
  { prefix: [0x2002], bits: 16, at: 1 }, // 6to4 2002:AABB:CCDD::
];

function matches(hextets: readonly number[], prefix: readonly number[], bits: number): boolean {
  for (let i = 0; i * 16 < bits; i++) {
    const take = Math.min(16, bits - i * 16);
    const mask = (0xffff << (16 - take)) & 0xffff;
    if (((hextets[i] ?? 0) & mask) !== ((prefix[i] ?? 0) & mask)) return false;
  }
  return true;
}

const v4Hextets = (ip: string): number[] => {
  const [a = 0, b = 0, c = 0, d = 0] = ip.split('.').map(Number);
  return [(a << 8) | b, (c << 8) | d];
};

/** The 8 hextets of an IPv6 address in any textual form (`::`, a dotted IPv4 tail, a zone). */
function v6Hextets(ip: string): number[] {
  // The URL parser writes any IPv6 form canonically: compressed hex, no dotted tail.
  const canonical = new URL(`http://[${ip.replace(/%.*$/, '')}]/`).hostname.slice(1, -1);
  const [head = '', tail] = canonical.split('::');
  const part = (s: string | undefined) => (s ? s.split(':').map((h) => parseInt(h, 16)) : []);
  const left = part(head);
  const right = tail === undefined ? [] : part(tail);
  return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/**
 * Why `ip` is not a public unicast address (loopback, link-local, RFC 1918, …), or null when it
 * is. IPv4 inside IPv6 (mapped, compatible, NAT64, 6to4) is judged as the IPv4 address. Anything
 * that is not an IP address is refused.
 */
export function privateAddressReason(ip: string): string | null {
  const family = isIP(ip.replace(/%.*$/, ''));
  if (family === 4) return V4_RANGES.find((r) => matches(v4Hextets(ip), r.prefix, r.bits))?.reason ?? null;
  if (family !== 6) return 'not an IP address';
  const hextets = v6Hextets(ip);
  const own = V6_RANGES.find((r) => matches(hextets, r.prefix, r.bits));
  if (own) return own.reason;
  for (const e of EMBEDDING_V4) {
    if (!matches(hextets, e.prefix, e.bits)) continue;
    const inner = hextets.slice(e.at, e.at + 2);
    const reason = V4_RANGES.find((r) => matches(inner, r.prefix, r.bits))?.reason;
    if (reason) return `${reason} (IPv4 inside IPv6)`;
  }
  return null;
}
