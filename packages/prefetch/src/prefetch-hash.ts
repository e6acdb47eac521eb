/**
 * The prefetch path hashes. Each runs over the UTF-16LE bytes of the upper-case device path of the
 * executable (e.g. \DEVICE\HARDDISKVOLUME1\WINDOWS\NOTEPAD.EXE), with 32-bit wrap-around.
 */
export type PrefetchHashAlgorithm = 'xp' | 'vista' | '2008';

function utf16leBytes(path: string): Uint8Array {
  const bytes = new Uint8Array(path.length * 2);
  for (let i = 0; i < path.length; i++) {
    const unit = path.charCodeAt(i);
    bytes[2 * i] = unit & 0xff;
    bytes[2 * i + 1] = unit >>> 8;
  }
  return bytes;
}

/** Windows XP and Server 2003. */
export function prefetchHashXp(path: string): number {
  let hash = 0;
  for (const b of utf16leBytes(path)) hash = (Math.imul(hash, 37) + b) >>> 0;
  hash = Math.imul(hash, 314159269) >>> 0;
  if (hash > 0x80000000) hash = 0x100000000 - hash;
  return hash % 1000000007;
}

/** Windows Vista, and Windows 10/11. */
export function prefetchHashVista(path: string): number {
  let hash = 314159;
  for (const b of utf16leBytes(path)) hash = (Math.imul(hash, 37) + b) >>> 0;
  return hash;
}

/**
 * Windows 2008, 7, 8 and 8.1: eight bytes per round, then the Vista step for the tail. The
 * constants are 37^7 and -(37^8) mod 2^32, so it yields the Vista value; kept as documented.
 */
export function prefetchHash2008(path: string): number {
  const d = utf16leBytes(path);
  let hash = 314159;
  let i = 0;
  for (; i + 8 < d.length; i += 8) {
    let v = Math.imul(d[i + 1] as number, 37) + (d[i + 2] as number);
    v = Math.imul(v, 37) + (d[i + 3] as number);
    v = Math.imul(v, 37) + (d[i + 4] as number);
    v = Math.imul(v, 37) + (d[i + 5] as number);
    v = Math.imul(v, 37) + (d[i + 6] as number);
    v = Math.imul(v, 37) + Math.imul(d[i] as number, 442596621) + (d[i + 7] as number);
    hash = (v - Math.imul(hash, 803794207)) >>> 0;
  }
  for (; i < d.length; i++) hash = (Math.imul(hash, 37) + (d[i] as number)) >>> 0;
  return hash;
}

export const PREFETCH_HASHES: Record<PrefetchHashAlgorithm, (path: string) => number> = {
  xp: prefetchHashXp,
  vista: prefetchHashVista,
  '2008': prefetchHash2008,
};

/** The hash function Windows uses for a format version (23 is Vista or 7: both give one value). */
export function hashAlgorithmFor(version: number): PrefetchHashAlgorithm {
  if (version === 17) return 'xp';
  return version >= 30 ? 'vista' : '2008';
}

export function formatHash(hash: number): string {
  return `0x${hash.toString(16).padStart(8, '0')}`;
}
