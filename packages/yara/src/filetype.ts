import { extname } from 'node:path';

/**
 * The `filetype` external in THOR/LOKI naming, which signature-base rules compare against
 * (e.g. `filetype == "EXE"`). Magic bytes win; script types come from the extension because
 * they have no magic.
 */
const MAGIC: Array<[string, number[]]> = [
  ['EXE', [0x4d, 0x5a]],
  ['ELF', [0x7f, 0x45, 0x4c, 0x46]],
  ['MACH-O', [0xcf, 0xfa, 0xed, 0xfe]],
  ['MACH-O', [0xce, 0xfa, 0xed, 0xfe]],
  ['MACH-O', [0xca, 0xfe, 0xba, 0xbe]],
  ['PDF', [0x25, 0x50, 0x44, 0x46]],
  ['GIF', [0x47, 0x49, 0x46, 0x38]],
  ['RTF', [0x7b, 0x5c, 0x72, 0x74, 0x66]],
  ['MDMP', [0x4d, 0x44, 0x4d, 0x50]],
  ['ZIP', [0x50, 0x4b, 0x03, 0x04]],
  ['JPEG', [0xff, 0xd8, 0xff]],
  ['PNG', [0x89, 0x50, 0x4e, 0x47]],
  ['EVTX', [0x45, 0x6c, 0x66, 0x46, 0x69, 0x6c, 0x65, 0x00]],
  ['REGISTRY', [0x72, 0x65, 0x67, 0x66]],
  ['PREFETCH', [0x4d, 0x41, 0x4d, 0x04]],
  // MS-SHLLINK: HeaderSize 0x4C, then the start of the link CLSID 00021401-….
  ['LNK', [0x4c, 0x00, 0x00, 0x00, 0x01, 0x14, 0x02, 0x00]],
];

const BY_EXTENSION: Record<string, string> = {
  '.php': 'PHP',
  '.asp': 'ASP',
  '.aspx': 'ASP',
  '.ashx': 'ASP',
  '.jsp': 'JSP',
  '.jspx': 'JSP',
  '.vbs': 'VBS',
  '.vbe': 'VBS',
  '.bat': 'BATCH',
  '.cmd': 'BATCH',
  '.py': 'Python',
  '.ps1': 'PowerShell',
  '.psm1': 'PowerShell',
  '.pf': 'PREFETCH',
};

export function detectFiletype(head: Uint8Array, name: string): string {
  for (const [type, magic] of MAGIC) {
    if (magic.length <= head.length && magic.every((b, k) => head[k] === b)) return type;
  }
  // Prefetch v17-v30 uncompressed: "SCCA" at offset 4.
  if (head[4] === 0x53 && head[5] === 0x43 && head[6] === 0x43 && head[7] === 0x41) return 'PREFETCH';
  return BY_EXTENSION[extname(name).toLowerCase()] ?? '';
}
