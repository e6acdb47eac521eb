export { PrefetchError, type PrefetchErrorDetails, type PrefetchFormat } from './errors.js';
export {
  parsePrefetch,
  type ParseOptions,
  type PrefetchContainer,
  type PrefetchFileMetrics,
  type PrefetchResult,
  type PrefetchVolume,
} from './parse-prefetch.js';
export { decompressLzxpressHuffman } from './lzxpress-huffman.js';
export { decompressMam, isMam, mamChecksum, readMamHeader, DEFAULT_MAX_DECOMPRESSED_SIZE, type MamHeader } from './mam.js';
export {
  formatHash,
  hashAlgorithmFor,
  prefetchHash2008,
  prefetchHashVista,
  prefetchHashXp,
  PREFETCH_HASHES,
  type PrefetchHashAlgorithm,
} from './prefetch-hash.js';
export { checkPrefetchHash, type HashCheck } from './hash-check.js';
export { normalizeVolumePath, resolveVolumeNames, splitVolumePath, type NormalizedPath, type VolumeNames } from './volume-paths.js';
export { filetimeToIso } from './filetime.js';
export type { FileMetricsEntry } from './file-metrics.js';
export type { FileReference } from './file-reference.js';
export type { TraceChainEntry } from './trace-chains.js';
export type { VolumeInformation } from './volume-information.js';
export type { ParseWarning } from '@quarry/binary';
