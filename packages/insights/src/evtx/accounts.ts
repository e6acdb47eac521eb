/** System and service accounts whose logons are routine (Hayabusa logon-summary and DeepBlueCLI skip them). */
export function isSystemAccount(user: string): boolean {
  const u = user.toUpperCase();
  return (
    u === 'SYSTEM' ||
    u === 'LOCAL SERVICE' ||
    u === 'NETWORK SERVICE' ||
    u.startsWith('DWM-') ||
    u.startsWith('UMFD-') ||
    u.endsWith('$') ||
    u === '-' ||
    u === ''
  );
}
