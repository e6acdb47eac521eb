import { RegistryError } from './errors.js';
import type { Reader } from './reader.js';

const S = 'security descriptor';
const ACE_TYPES: Record<number, string> = {
  0: 'allow',
  1: 'deny',
  2: 'audit',
  3: 'alarm',
  5: 'allow-object',
  6: 'deny-object',
  7: 'audit-object',
  9: 'allow-callback',
  10: 'deny-callback',
  17: 'mandatory-label',
};

export interface AceSummary {
  type: string;
  flags: number;
  mask: number;
  sid: string | null;
}

export interface SecuritySummary {
  control: number;
  owner: string | null;
  group: string | null;
  dacl: AceSummary[] | null;
  saclAceCount: number | null;
}

/** Reads a SID (revision, sub-authority count, 48-bit big-endian authority, sub-authorities) as S-1-... text. */
export function readSid(r: Reader, at: number, end: number): string {
  if (at + 8 > end) throw new RegistryError('SID header past descriptor end', 'SID', at);
  const revision = r.u8(at, 'SID');
  const count = r.u8(at + 1, 'SID');
  if (at + 8 + count * 4 > end) throw new RegistryError('SID sub-authorities past descriptor end', 'SID', at);
  const authority = r.buf.readUIntBE(at + 2, 6);
  let s = `S-${revision}-${authority}`;
  for (let i = 0; i < count; i++) s += `-${r.buf.readUInt32LE(at + 8 + i * 4)}`;
  return s;
}

function readAcl(r: Reader, at: number, end: number): AceSummary[] {
  if (at + 8 > end) throw new RegistryError('ACL header past descriptor end', 'ACL', at);
  const aclEnd = Math.min(end, at + r.u16(at + 2, 'ACL'));
  const count = r.u16(at + 4, 'ACL');
  const aces: AceSummary[] = [];
  let p = at + 8;
  for (let i = 0; i < count && p + 8 <= aclEnd; i++) {
    const type = r.u8(p, 'ACE');
    const size = r.u16(p + 2, 'ACE');
    if (size < 8) throw new RegistryError(`ACE size ${size} too small`, 'ACE', p);
    const mask = r.u32(p + 4, 'ACE');
    // Object ACEs put up to two GUIDs before the SID; their presence is flagged in the first dword.
    let sidAt = p + 8;
    if (type >= 5 && type <= 8) {
      const objFlags = r.u32(p + 8, 'ACE');
      sidAt = p + 12 + (objFlags & 1 ? 16 : 0) + (objFlags & 2 ? 16 : 0);
    }
    let sid: string | null = null;
    if (sidAt + 8 <= p + size) sid = readSid(r, sidAt, Math.min(aclEnd, p + size));
    aces.push({ type: ACE_TYPES[type] ?? `type-${type}`, flags: r.u8(p + 1, 'ACE'), mask, sid });
    p += size;
  }
  return aces;
}

/** Summarises a self-relative SECURITY_DESCRIPTOR: owner, group and the DACL's entries. */
export function parseSecurityDescriptor(r: Reader, start: number, length: number): SecuritySummary {
  const end = start + length;
  if (length < 20) throw new RegistryError('descriptor shorter than its header', S, start, 20, length);
  const control = r.u16(start + 2, S);
  const ownerOff = r.u32(start + 4, S);
  const groupOff = r.u32(start + 8, S);
  const saclOff = r.u32(start + 12, S);
  const daclOff = r.u32(start + 16, S);
  return {
    control,
    owner: ownerOff ? readSid(r, start + ownerOff, end) : null,
    group: groupOff ? readSid(r, start + groupOff, end) : null,
    dacl: daclOff && control & 0x0004 ? readAcl(r, start + daclOff, end) : null,
    saclAceCount: saclOff && control & 0x0010 ? readAcl(r, start + saclOff, end).length : null,
  };
}
