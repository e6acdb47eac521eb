import type { LookupModule } from '@quarry/vocabulary';

/**
 * Providers an analyst means first when an event id is shared by many providers (4624 exists in
 * five): the logs DFIR work reads most. Rows of these sort before all others, in this order.
 */
export const PREFERRED_PROVIDERS = [
  'microsoft-windows-security-auditing',
  'microsoft-windows-sysmon',
  'service control manager',
  'microsoft-windows-powershell',
  'powershell',
  'microsoft-windows-taskscheduler',
  'microsoft-windows-terminalservices-localsessionmanager',
  'microsoft-windows-terminalservices-remoteconnectionmanager',
  'microsoft-windows-windows defender',
  'microsoft-windows-wmi-activity',
  'microsoft-windows-eventlog',
  'microsoft-windows-kernel-general',
  'microsoft-windows-kernel-process',
  'microsoft-windows-bits-client',
  'microsoft-windows-windows firewall with advanced security',
];

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

function providerRank(provider: string): number {
  const i = PREFERRED_PROVIDERS.indexOf(provider.toLowerCase());
  return i < 0 ? PREFERRED_PROVIDERS.length : i;
}

/**
 * The order rows are stored and returned in when relevance ties: stable, so pages never overlap.
 * file_name: by name. event_id: preferred providers, provider, event id, newest version first.
 * Cells are in the spec's column order.
 */
export function compareRows(module: LookupModule, a: readonly string[], b: readonly string[]): number {
  if (module === 'file_name') return collator.compare(a[0]!, b[0]!) || (a[0]! < b[0]! ? -1 : a[0]! > b[0]! ? 1 : 0);
  const [idA, , verA, provA] = a;
  const [idB, , verB, provB] = b;
  return (
    providerRank(provA!) - providerRank(provB!) ||
    collator.compare(provA!, provB!) ||
    Number(idA) - Number(idB) ||
    Number(verB) - Number(verA) ||
    (provA! < provB! ? -1 : provA! > provB! ? 1 : 0)
  );
}
