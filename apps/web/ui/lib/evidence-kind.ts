/** The parse job an evidence file belongs to, told from its first bytes (extension as fallback). */
export type EvidenceKind = 'winevtx' | 'registry' | 'prefetch';

export function kindFromBytes(head: Uint8Array, name: string): EvidenceKind | null {
  const ascii = (from: number, len: number) => String.fromCharCode(...head.subarray(from, from + len));
  if (ascii(0, 7) === 'ElfFile') return 'winevtx';
  if (ascii(0, 4) === 'regf') return 'registry';
  // Windows 10+ prefetch is compressed (MAM\x04); older versions have SCCA at offset 4.
  if (ascii(0, 3) === 'MAM' || ascii(4, 4) === 'SCCA') return 'prefetch';
  // Zip archives of hives are registry input.
  if (ascii(0, 2) === 'PK') return 'registry';
  return kindFromName(name);
}

export function kindFromName(name: string): EvidenceKind | null {
  const lower = name.toLowerCase();
  if (lower.endsWith('.evtx')) return 'winevtx';
  if (lower.endsWith('.pf')) return 'prefetch';
  if (/\.(dat|hiv|reg|zip)$/.test(lower) || /^(system|software|security|sam|components|ntuser\.dat|usrclass\.dat)$/.test(lower)) return 'registry';
  return null;
}

export const KIND_LABEL: Record<EvidenceKind, string> = { winevtx: 'EVTX', registry: 'Registry', prefetch: 'Prefetch' };
