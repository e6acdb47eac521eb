/** Evidence types recognised from content (never from the file name). */
export type FileKind = 'evtx' | 'registry-hive' | 'registry-log' | 'prefetch' | 'prefetch-compressed' | 'zip' | 'unknown';

const ascii = (buf: Uint8Array, offset: number, text: string): boolean => {
  if (buf.length < offset + text.length) return false;
  for (let i = 0; i < text.length; i++) if (buf[offset + i] !== text.charCodeAt(i)) return false;
  return true;
};

/** Identifies a file from its first bytes (at least 512 are enough for every kind below). */
export function detectFileKind(head: Uint8Array): FileKind {
  if (ascii(head, 0, 'ElfFile\0')) return 'evtx';
  if (ascii(head, 0, 'regf')) {
    // The base block's file type field (offset 28): 0 = primary hive, 1/2/6 = transaction logs.
    const type = head.length >= 32 ? new DataView(head.buffer, head.byteOffset, head.byteLength).getUint32(28, true) : 0;
    return type === 0 ? 'registry-hive' : 'registry-log';
  }
  if (ascii(head, 0, 'DIRT') || ascii(head, 0, 'HvLE')) return 'registry-log';
  if (ascii(head, 4, 'SCCA')) return 'prefetch';
  if (ascii(head, 0, 'MAM') && head.length >= 4 && (head[3] === 0x04 || head[3] === 0x84)) return 'prefetch-compressed';
  if (ascii(head, 0, 'PK\x03\x04') || ascii(head, 0, 'PK\x05\x06')) return 'zip';
  return 'unknown';
}

/** Human label used in Metadata insights and error messages. */
export const FILE_KIND_LABEL: Record<FileKind, string> = {
  evtx: 'Windows event log (EVTX)',
  'registry-hive': 'Registry hive',
  'registry-log': 'Registry transaction log',
  prefetch: 'Prefetch (uncompressed)',
  'prefetch-compressed': 'Prefetch (MAM compressed)',
  zip: 'Zip archive',
  unknown: 'Unknown',
};
