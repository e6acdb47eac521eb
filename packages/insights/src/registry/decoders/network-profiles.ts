/** NetworkList profile codes (INSIGHTS.md §4). */
export const CATEGORY: Record<number, string> = { 0: 'Public', 1: 'Private', 2: 'Domain' };
export const NAME_TYPE: Record<number, string> = { 6: 'wired', 23: 'VPN', 71: 'wireless', 243: 'mobile broadband' };

/** DateCreated/DateLastConnected: a 16-byte SYSTEMTIME (local time of the machine, as Windows stores it). */
export function systemTime(buf: Buffer | null): string {
  if (!buf || buf.length < 16) return '';
  const [y, mo, , d, h, mi, s, ms] = Array.from({ length: 8 }, (_, i) => buf.readUInt16LE(i * 2));
  if (!y) return '';
  const p = (n: number, w = 2): string => String(n).padStart(w, '0');
  return `${p(y!, 4)}-${p(mo!)}-${p(d!)} ${p(h!)}:${p(mi!)}:${p(s!)}.${p(ms!, 3)} (local)`;
}

/** A MAC address from 6 bytes: `00-1a-2b-…`. */
export const macAddress = (buf: Buffer | null): string =>
  buf && buf.length >= 6 ? [...buf.subarray(0, 6)].map((b) => b.toString(16).padStart(2, '0')).join('-') : '';
