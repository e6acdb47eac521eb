/** CIDR ranges (IPv4 and IPv6) for the `cidr` modifier, on 16-bit words so both share one path. */

function parseIPv4(s: string): number[] | undefined {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(s);
  if (!m) return undefined;
  const b = m.slice(1).map(Number);
  if (b.some((x) => x > 255)) return undefined;
  return [(b[0]! << 8) | b[1]!, (b[2]! << 8) | b[3]!];
}

/** 8 words of an IPv6 address (with `::` and an optional trailing dotted IPv4 part). */
function parseIPv6(input: string): number[] | undefined {
  let s = input;
  const zone = s.indexOf('%');
  if (zone >= 0) s = s.slice(0, zone);
  if (s.startsWith('[') && s.endsWith(']')) s = s.slice(1, -1);
  const halves = s.split('::');
  if (halves.length > 2) return undefined;
  const words = (part: string): number[] | undefined => {
    if (part === '') return [];
    const out: number[] = [];
    const groups = part.split(':');
    for (let i = 0; i < groups.length; i++) {
      const g = groups[i]!;
      if (i === groups.length - 1 && g.includes('.')) {
        const v4 = parseIPv4(g);
        if (!v4) return undefined;
        out.push(...v4);
      } else {
        if (!/^[0-9a-fA-F]{1,4}$/.test(g)) return undefined;
        out.push(parseInt(g, 16));
      }
    }
    return out;
  };
  const head = words(halves[0]!);
  if (!head) return undefined;
  if (halves.length === 1) return head.length === 8 ? head : undefined;
  const tail = words(halves[1]!);
  if (!tail || head.length + tail.length > 7) return undefined;
  return [...head, ...new Array<number>(8 - head.length - tail.length).fill(0), ...tail];
}

/** An address as 16-bit words: 2 for IPv4, 8 for IPv6. */
export function parseIp(s: string): number[] | undefined {
  const t = s.trim();
  return t.includes(':') ? parseIPv6(t) : parseIPv4(t);
}

export interface CidrRange {
  words: number[];
  prefix: number;
}

export function parseCidr(s: string): CidrRange | undefined {
  const [addr, len, extra] = s.trim().split('/');
  if (addr === undefined || extra !== undefined) return undefined;
  const words = parseIp(addr);
  if (!words) return undefined;
  const max = words.length * 16;
  const prefix = len === undefined ? max : /^\d+$/.test(len) ? Number(len) : NaN;
  if (!(prefix >= 0 && prefix <= max)) return undefined;
  return { words, prefix };
}

export function inCidr(ip: readonly number[], range: CidrRange): boolean {
  if (ip.length !== range.words.length) return false;
  let bits = range.prefix;
  for (let i = 0; bits > 0; i++, bits -= 16) {
    const mask = bits >= 16 ? 0xffff : (0xffff << (16 - bits)) & 0xffff;
    if (((ip[i]! ^ range.words[i]!) & mask) !== 0) return false;
  }
  return true;
}
