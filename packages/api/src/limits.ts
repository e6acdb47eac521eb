import type { ScanCategory } from '@quarry/vocabulary';

/** Limits from the REST contract. "MB"/"GB" are read as binary units (MiB/GiB), the larger reading. */
export const MiB = 1024 * 1024;
export const GiB = 1024 * MiB;

export const UPLOAD_MAX_FILE_BYTES = 250 * MiB;
export const UPLOAD_TIMEOUT_MS = 30_000;

/** A request naming more ids than this is refused outright, whatever the category (each evidence type's own limits are in its descriptor). */
export const MAX_IDS_PER_REQUEST = 1000;

/** File-scan jobs (spec: YARA 100 files / 250 MB, Sigma 100 files / 1 GB; binary units as above). */
export const SCAN_LIMITS = {
  Yara: { maxFiles: 100, maxTotalBytes: 250 * MiB },
  sigma: { maxFiles: 100, maxTotalBytes: 1 * GiB },
} as const satisfies Record<ScanCategory, { maxFiles: number; maxTotalBytes: number }>;

/** Inline scans: decoded `test_data` above this is an Error result (base64 adds a third: ~13.4 MB of JSON). */
export const DATA_SCAN_MAX_BYTES = 10 * MiB;
