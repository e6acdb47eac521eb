import { filetimeToIso } from '@quarry/registry';
import { sidToString } from './context/sid.js';

/** A SAM account's F record (fixed layout; RegRipper samparse, INSIGHTS.md §4). */
export interface SamF {
  lastLogon: string | null;
  passwordLastSet: string | null;
  accountExpires: string | null;
  lastFailedLogon: string | null;
  rid: number;
  acb: number;
  failedLogons: number;
  logonCount: number;
}

const F_SIZE = 0x44;
/** "Never" in AccountExpires and friends: FILETIME 0 or the largest positive value. */
const NEVER = 0x7fffffffffffffffn;

function filetimeAt(buf: Buffer, at: number): string | null {
  const ft = buf.readBigUInt64LE(at);
  return ft === 0n || ft === NEVER ? null : filetimeToIso(ft);
}

export function parseSamF(buf: Buffer): SamF | null {
  if (buf.length < F_SIZE) return null;
  return {
    lastLogon: filetimeAt(buf, 8),
    passwordLastSet: filetimeAt(buf, 24),
    accountExpires: filetimeAt(buf, 32),
    lastFailedLogon: filetimeAt(buf, 40),
    rid: buf.readUInt32LE(48),
    acb: buf.readUInt16LE(56),
    failedLogons: buf.readUInt16LE(64),
    logonCount: buf.readUInt16LE(66),
  };
}

/** ACB bits shown in the Flags column. */
const ACB_FLAGS: [number, string][] = [
  [0x0001, 'Disabled'],
  [0x0002, 'Home directory required'],
  [0x0004, 'Password not required'],
  [0x0008, 'Temporary duplicate account'],
  [0x0010, 'Normal user account'],
  [0x0020, 'MNS logon user account'],
  [0x0040, 'Interdomain trust account'],
  [0x0080, 'Workstation trust account'],
  [0x0100, 'Server trust account'],
  [0x0200, "Password doesn't expire"],
  [0x0400, 'Account auto locked'],
];

export const acbFlags = (acb: number): string[] => ACB_FLAGS.filter(([bit]) => (acb & bit) !== 0).map(([, name]) => name);

/** The V record's strings: 12-byte (offset, length, unused) entries from 0x0C; offsets count from 0xCC. */
export interface SamV {
  name: string;
  fullName: string;
  comment: string;
}

const V_DATA = 0xcc;

function vString(buf: Buffer, entry: number): string {
  if (buf.length < entry + 8) return '';
  const offset = buf.readUInt32LE(entry) + V_DATA;
  const length = buf.readUInt32LE(entry + 4);
  if (length === 0 || offset + length > buf.length) return '';
  return buf.toString('utf16le', offset, offset + (length & ~1));
}

export function parseSamV(buf: Buffer): SamV | null {
  if (buf.length < V_DATA) return null;
  return { name: vString(buf, 0x0c), fullName: vString(buf, 0x18), comment: vString(buf, 0x24) };
}

/** The machine (account domain) SID: the last 12 bytes of SAM\Domains\Account V are its 3 sub-authorities. */
export function machineSid(accountV: Buffer): string | null {
  if (accountV.length < 12) return null;
  const at = accountV.length - 12;
  return `S-1-5-21-${accountV.readUInt32LE(at)}-${accountV.readUInt32LE(at + 4)}-${accountV.readUInt32LE(at + 8)}`;
}

/** An alias (local group) C record: its name and member SIDs (RegRipper samparse layout). */
export interface SamAlias {
  name: string;
  members: string[];
}

const C_DATA = 0x34;

export function parseAliasC(buf: Buffer): SamAlias | null {
  if (buf.length < C_DATA) return null;
  const nameAt = buf.readUInt32LE(0x10) + C_DATA;
  const nameLen = buf.readUInt32LE(0x14);
  const name = nameAt + nameLen <= buf.length ? buf.toString('utf16le', nameAt, nameAt + (nameLen & ~1)) : '';
  let at = buf.readUInt32LE(0x28) + C_DATA;
  // Every member takes at least 12 bytes: the count is capped by what the record can hold.
  const count = Math.min(buf.readUInt32LE(0x30), Math.floor(buf.length / 12));
  const members: string[] = [];
  for (let i = 0; i < count && at + 8 <= buf.length; i++) {
    const sid = sidToString(buf, at);
    if (!sid) break;
    members.push(sid);
    at += 8 + 4 * buf[at + 1]!;
  }
  return { name, members };
}

/** The password hint is UTF-16 without a terminator; NULs are cut. */
export const passwordHint = (buf: Buffer): string => buf.toString('utf16le', 0, buf.length & ~1).replace(/\0+$/, '');
