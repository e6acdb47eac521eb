/** Binary SID (revision, count, 6-byte authority, 32-bit sub-authorities) to `S-1-5-…`; null when malformed. */
export function sidToString(buf: Buffer, at = 0): string | null {
  if (buf.length < at + 8) return null;
  const count = buf[at + 1]!;
  if (buf[at] !== 1 || count > 15 || buf.length < at + 8 + 4 * count) return null;
  const authority = buf.readUIntBE(at + 2, 6);
  const subs: number[] = [];
  for (let i = 0; i < count; i++) subs.push(buf.readUInt32LE(at + 8 + 4 * i));
  return ['S', '1', authority, ...subs].join('-');
}

/** Names Windows gives well-known service and session SIDs (no hive holds them). */
export function wellKnownSidName(sid: string): string | null {
  const fixed: Record<string, string> = { 'S-1-5-18': 'SYSTEM', 'S-1-5-19': 'LOCAL SERVICE', 'S-1-5-20': 'NETWORK SERVICE' };
  if (fixed[sid]) return fixed[sid];
  const session = /^S-1-5-(90|96)-0-(\d+)$/.exec(sid);
  if (session) return `${session[1] === '90' ? 'DWM' : 'UMFD'}-${session[2]}`;
  return null;
}
