/** L7 NTSTATUS and Kerberos failure codes (INSIGHTS.md §2), as table cells. */
const NTSTATUS: Record<string, string> = {
  c000006a: 'wrong password',
  c0000064: 'no such user',
  c000006d: 'bad user name or password',
  c000006e: 'account restriction',
  c000006f: 'logon hours',
  c0000070: 'workstation restriction',
  c0000071: 'password expired',
  c0000072: 'disabled',
  c0000193: 'expired',
  c0000224: 'must change password',
  c0000234: 'locked out',
  c000015b: 'logon type not granted',
};

const KERBEROS: Record<number, string> = {
  0x6: 'unknown principal',
  0x12: 'revoked',
  0x17: 'password expired',
  0x18: 'bad password',
  0x25: 'clock skew',
};

/** Parses `0xC000006A`, `0xc000006a` or decimal text; NaN when there is nothing. */
export function codeValue(text: string): number {
  const t = text.trim();
  if (t === '' || t === '-') return NaN;
  return /^0x/i.test(t) ? parseInt(t, 16) : Number(t);
}

/** `"0x<8 lower hex> (<meaning>)"` from SubStatus unless it is 0, else Status; "" without either. */
export function ntStatusCell(status: string, subStatus: string): string {
  const sub = codeValue(subStatus);
  const code = Number.isFinite(sub) && sub !== 0 ? sub : codeValue(status);
  if (!Number.isFinite(code)) return '';
  const hex = (code >>> 0).toString(16).padStart(8, '0');
  const meaning = NTSTATUS[hex];
  return meaning ? `0x${hex} (${meaning})` : `0x${hex}`;
}

/** Kerberos result code cell, `"0x18 (bad password)"`. */
export function kerberosStatusCell(status: string): string {
  const code = codeValue(status);
  if (!Number.isFinite(code)) return '';
  const meaning = KERBEROS[code];
  const hex = `0x${code.toString(16)}`;
  return meaning ? `${hex} (${meaning})` : hex;
}
