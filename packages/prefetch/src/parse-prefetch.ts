import { PrefetchError } from './errors.js';
import { isScca, readFileHeader } from './file-header.js';
import { readFileInformation } from './file-information.js';
import { readFileMetrics, type FileMetricsEntry } from './file-metrics.js';
import { readFilenameStrings } from './filename-strings.js';
import { filetimeToIso } from './filetime.js';
import { checkPrefetchHash, type HashCheck } from './hash-check.js';
import { DEFAULT_MAX_DECOMPRESSED_SIZE, decompressMam, isMam } from './mam.js';
import { formatHash } from './prefetch-hash.js';
import { ByteReader } from './reader.js';
import { readTraceChains, type TraceChainEntry } from './trace-chains.js';
import { normalizeSplitPath, resolveVolumeNames, splitVolumePath, type NormalizedPath, type VolumeNames } from './volume-paths.js';
import { readVolumes, type VolumeInformation } from './volume-information.js';
import { Warnings, type ParseWarning } from '@quarry/binary';

export interface ParseOptions {
  /** The prefetch file's own name; its hash and executable name are checked against the header. */
  fileName?: string;
  /** Upper bound for the MAM uncompressed size (default 64 MiB). */
  maxDecompressedSize?: number;
  /** Trace chains can hold 100,000+ entries; false skips them (the result then has none). Default true. */
  traceChains?: boolean;
}

export interface PrefetchContainer {
  /** "MAM" for compressed files, "SCCA" for plain ones. */
  format: 'MAM' | 'SCCA';
  /** "MAM\x04", "MAM\x84" or "SCCA". */
  signature: string;
  /** MAM\x84 files carry a CRC32, verified before decompression. */
  checksumVerified: boolean;
  fileSize: number;
  /** Size of the SCCA data (after decompression for MAM files). */
  sccaSize: number;
}

export type PrefetchFileMetrics = FileMetricsEntry & NormalizedPath;
export type PrefetchVolume = VolumeInformation & VolumeNames;

export interface PrefetchResult {
  fileName: string | null;
  container: PrefetchContainer;
  version: number;
  /** Versions 30/31: 1 (220-byte file information) or 2 (212-byte). */
  variant: 1 | 2 | null;
  executableName: string;
  prefetchHash: string;
  headerFlags: number;
  /** The size recorded in the header. */
  headerFileSize: number;
  runCount: number;
  /** UTC ISO 8601 with 100-ns digits, most recent first; null for an unset slot. */
  lastRunTimes: (string | null)[];
  /** Versions 30/31: the string the hash was computed from (executable device path or package name). */
  hashString: string | null;
  fileMetrics: PrefetchFileMetrics[];
  traceChains: TraceChainEntry[];
  filenames: string[];
  volumes: PrefetchVolume[];
  hashCheck: HashCheck;
  /** Facts worth an analyst's attention, e.g. a file name that disagrees with the header. */
  anomalies: string[];
  warnings: ParseWarning[];
}

/**
 * Parses one prefetch file (plain SCCA or MAM-compressed). Throws PrefetchError when the data is
 * not a prefetch file at all or cannot be decompressed; damage inside the SCCA data becomes
 * warnings on the result.
 */
export function parsePrefetch(input: Uint8Array, options: ParseOptions = {}): PrefetchResult {
  const maxSize = options.maxDecompressedSize ?? DEFAULT_MAX_DECOMPRESSED_SIZE;
  let data = input;
  let container: PrefetchContainer;
  if (isMam(input)) {
    const { header, data: decompressed } = decompressMam(input, maxSize);
    data = decompressed;
    container = {
      format: 'MAM',
      signature: header.signature,
      checksumVerified: header.hasChecksum,
      fileSize: input.length,
      sccaSize: data.length,
    };
  } else if (isScca(input)) {
    if (input.length > maxSize) {
      throw new PrefetchError(`file of ${input.length} bytes exceeds limit ${maxSize}`, { format: 'SCCA', structure: 'file', offset: 0 });
    }
    container = { format: 'SCCA', signature: 'SCCA', checksumVerified: false, fileSize: input.length, sccaSize: input.length };
  } else {
    throw new PrefetchError('neither a "SCCA" nor a "MAM" signature', { format: 'SCCA', structure: 'file header', offset: 0 });
  }

  const r = new ByteReader(data, 'SCCA');
  const warnings = new Warnings();
  const header = readFileHeader(r);
  if (header.fileSize !== data.length) {
    warnings.add('file header', 12, `header file size ${header.fileSize} differs from data size ${data.length}`);
  }
  const info = readFileInformation(r, header.version);

  const metrics = warnings.section([], () => readFileMetrics(r, info, header.version, warnings));
  const traceChains = options.traceChains === false ? [] : warnings.section([], () => readTraceChains(r, info, header.version, warnings));
  const filenames = warnings.section([], () => readFilenameStrings(r, info, warnings));
  const volumes = warnings.section([], () => readVolumes(r, info, header.version, warnings));
  const hashString = warnings.section(null, () => readHashString(r, info.hashStringOffset, info.hashStringSize));

  const devicePaths = volumes.map((v) => v.devicePath);
  const allPaths = [...metrics.flatMap((m) => (m.filename === null ? [] : [m.filename])), ...volumes.flatMap((v) => v.directories)];
  const names = resolveVolumeNames(devicePaths, allPaths, hashString);
  const located = metrics.map((m) => (m.filename === null ? null : splitVolumePath(m.filename, devicePaths)));

  const candidates = executableCandidates(header.executableName, metrics, located);
  const hashCheck = checkPrefetchHash(
    header.version,
    header.prefetchHash,
    header.executableName,
    hashString,
    candidates.map((c) => ({ relativePath: c.relativePath, deviceName: names[c.volumeIndex]?.deviceName ?? null })),
  );
  // A device number that reproduces the stored hash names the executable's volume too.
  if (hashCheck.deviceInferred && hashCheck.executablePath) {
    const hit = candidates.find((c) => hashCheck.executablePath?.endsWith(c.relativePath));
    const n = hit ? names[hit.volumeIndex] : undefined;
    if (hit && n) n.deviceName = hashCheck.executablePath.slice(0, -hit.relativePath.length);
  }

  const fileMetrics = metrics.map((m, i): PrefetchFileMetrics => {
    const p = m.filename === null ? null : normalizeSplitPath(m.filename, located[i] ?? null, names);
    return {
      index: m.index,
      traceChainIndex: m.traceChainIndex,
      traceChainCount: m.traceChainCount,
      flags: m.flags,
      filename: m.filename,
      fileReference: m.fileReference,
      volumeIndex: p ? p.volumeIndex : null,
      relativePath: p ? p.relativePath : null,
      displayPath: p ? p.displayPath : '',
    };
  });

  return {
    fileName: options.fileName ?? null,
    container,
    version: header.version,
    variant: info.variant,
    executableName: header.executableName,
    prefetchHash: formatHash(header.prefetchHash),
    headerFlags: header.flags,
    headerFileSize: header.fileSize,
    runCount: info.runCount,
    lastRunTimes: info.lastRunTimes.map(filetimeToIso),
    hashString,
    fileMetrics,
    traceChains,
    filenames,
    volumes: volumes.map((v, i) => ({ ...v, ...(names[i] as VolumeNames) })),
    hashCheck,
    anomalies: [
      ...anomalies(options.fileName, header.executableName, header.prefetchHash, hashCheck),
      ...volumes
        .filter((v) => v.devicePathConsistent === false)
        .map((v) => `volume ${v.index} device path ${v.devicePath} disagrees with its creation time or serial number`),
    ],
    warnings: warnings.list,
  };
}

/** Hash strings end in a NUL (and padding); a size past the data is a section error. */
function readHashString(r: ByteReader, offset: number, size: number): string | null {
  if (offset === 0 || size === 0) return null;
  r.need(offset, size, 'hash string');
  return r.utf16z(offset, Math.floor(size / 2), 'hash string');
}

/** Loaded files named like the executable; names of 29 characters may be truncated. */
function executableCandidates(
  executableName: string,
  metrics: readonly FileMetricsEntry[],
  located: readonly ({ index: number; rest: string } | null)[],
): { relativePath: string; volumeIndex: number }[] {
  const exe = executableName.toUpperCase();
  if (exe.length === 0) return [];
  return metrics.flatMap((_m, i) => {
    const at = located[i];
    if (!at) return [];
    const base = at.rest.slice(at.rest.lastIndexOf('\\') + 1).toUpperCase();
    const same = base === exe || (exe.length >= 29 && base.startsWith(exe));
    return same ? [{ relativePath: at.rest, volumeIndex: at.index }] : [];
  });
}

const PREFETCH_FILE_NAME = /^(.+)-([0-9A-F]{8})\.pf$/i;

function anomalies(fileName: string | undefined, executableName: string, storedHash: number, check: HashCheck): string[] {
  const found: string[] = [];
  if (check.status === 'mismatch') {
    found.push(`prefetch hash ${check.storedHash} does not match ${check.computedHash} computed from ${check.executablePath}`);
  }
  const m = fileName ? PREFETCH_FILE_NAME.exec(fileName.split(/[\\/]/).pop() ?? '') : null;
  if (m?.[1] && m[2]) {
    if (parseInt(m[2], 16) !== storedHash) {
      found.push(`file name hash ${m[2].toUpperCase()} differs from header hash ${formatHash(storedHash)}`);
    }
    if (m[1].toUpperCase() !== executableName.toUpperCase()) {
      found.push(`file name executable "${m[1]}" differs from header executable "${executableName}"`);
    }
  }
  return found;
}
