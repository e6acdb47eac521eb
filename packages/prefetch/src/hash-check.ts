import { formatHash, hashAlgorithmFor, PREFETCH_HASHES, type PrefetchHashAlgorithm } from './prefetch-hash.js';

/** Result of recomputing the prefetch hash from the executable's full path. */
export interface HashCheck {
  /** "unknown" when the executable's full device path cannot be established from the file. */
  status: 'match' | 'mismatch' | 'unknown';
  algorithm: PrefetchHashAlgorithm;
  storedHash: string;
  computedHash: string | null;
  /** The \DEVICE\... path that was hashed. */
  executablePath: string | null;
  /** Where the path came from: the Windows 10+ hash string, or a loaded file's path. */
  source: 'hash-string' | 'file-metrics' | null;
  /** Set when the device number was not in the file and was found by trying HARDDISKVOLUME1-32. */
  deviceInferred: boolean;
  note: string | null;
}

/** Executables whose hash also covers their command line, so a mismatch is expected. */
const HOSTING_EXECUTABLES = new Set([
  'RUNDLL32.EXE',
  'MMC.EXE',
  'DLLHOST.EXE',
  'SVCHOST.EXE',
  'BACKGROUNDTASKHOST.EXE',
  'TASKHOST.EXE',
  'TASKHOSTW.EXE',
  'WWAHOST.EXE',
]);
/** "/prefetch:N" adds N (1-8 take effect) to the hash. */
const MAX_PREFETCH_SWITCH = 8;
const MAX_INFERRED_VOLUME = 32;

export interface ExecutableCandidate {
  /** Path below the volume, starting with "\". */
  relativePath: string;
  /** \DEVICE\HARDDISKVOLUMEn of its volume, when known. */
  deviceName: string | null;
}

export function checkPrefetchHash(
  version: number,
  storedHash: number,
  executableName: string,
  hashString: string | null,
  candidates: readonly ExecutableCandidate[],
): HashCheck {
  const algorithm = hashAlgorithmFor(version);
  const hash = PREFETCH_HASHES[algorithm];
  const base = { algorithm, storedHash: formatHash(storedHash), deviceInferred: false };
  const hosting = HOSTING_EXECUTABLES.has(executableName.toUpperCase())
    ? 'hosting executable: Windows adds its command line to the hash, so a mismatch is expected'
    : null;

  const explain = (computed: number): string | null => {
    const delta = (storedHash - computed) >>> 0;
    if (delta >= 1 && delta <= MAX_PREFETCH_SWITCH) return `stored hash is computed + ${delta}, as a "/prefetch:${delta}" switch gives`;
    return hosting;
  };

  if (hashString && /^\\DEVICE\\/i.test(hashString)) {
    const computed = hash(hashString);
    return {
      ...base,
      status: computed === storedHash ? 'match' : 'mismatch',
      computedHash: formatHash(computed),
      executablePath: hashString,
      source: 'hash-string',
      note: computed === storedHash ? null : explain(computed),
    };
  }

  let firstKnown: { path: string; computed: number } | null = null;
  for (const c of candidates) {
    if (c.deviceName) {
      const path = c.deviceName + c.relativePath;
      const computed = hash(path);
      if (computed === storedHash) {
        return { ...base, status: 'match', computedHash: formatHash(computed), executablePath: path, source: 'file-metrics', note: null };
      }
      firstKnown ??= { path, computed };
      continue;
    }
    for (let n = 1; n <= MAX_INFERRED_VOLUME; n++) {
      const path = `\\DEVICE\\HARDDISKVOLUME${n}${c.relativePath}`;
      if (hash(path) === storedHash) {
        return {
          ...base,
          status: 'match',
          computedHash: formatHash(storedHash),
          executablePath: path,
          source: 'file-metrics',
          deviceInferred: true,
          note: null,
        };
      }
    }
  }
  if (firstKnown) {
    return {
      ...base,
      status: 'mismatch',
      computedHash: formatHash(firstKnown.computed),
      executablePath: firstKnown.path,
      source: 'file-metrics',
      note: explain(firstKnown.computed),
    };
  }
  const note = hashString
    ? `hash string "${hashString}" is not a device path (a package identity), so the hash cannot be recomputed`
    : candidates.length === 0
      ? 'no loaded file matches the executable name'
      : `no \\DEVICE\\HARDDISKVOLUME1-${MAX_INFERRED_VOLUME} path gives the stored hash${hosting ? `; ${hosting}` : ''}`;
  return { ...base, status: 'unknown', computedHash: null, executablePath: null, source: null, note };
}
