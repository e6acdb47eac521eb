import { codeValue } from './status-codes.js';

/** L8 Kerberos ticket encryption types (INSIGHTS.md §2), cell `"0x17 (RC4-HMAC)"`. */
const NAMES: Record<number, string> = {
  0x1: 'DES-CBC-CRC',
  0x3: 'DES-CBC-MD5',
  0x11: 'AES128-CTS-HMAC-SHA1-96',
  0x12: 'AES256-CTS-HMAC-SHA1-96',
  0x17: 'RC4-HMAC',
  0x18: 'RC4-HMAC-EXP',
};

export function encryptionCell(type: string): string {
  const code = codeValue(type);
  if (!Number.isFinite(code)) return '';
  const name = NAMES[code];
  return name ? `0x${code.toString(16)} (${name})` : `0x${code.toString(16)}`;
}

/** RC4 service tickets (0x17/0x18) are what Kerberoasting asks for (Chainsaw, Velociraptor). */
export function isRc4(type: string): boolean {
  const code = codeValue(type);
  return code === 0x17 || code === 0x18;
}
