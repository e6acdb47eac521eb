import type { ParseCategory } from '@quarry/vocabulary';

/** Limits from the REST contract. "MB"/"GB" are read as binary units (MiB/GiB), the larger reading. */
export const MiB = 1024 * 1024;
export const GiB = 1024 * MiB;

export const UPLOAD_MAX_FILE_BYTES = 250 * MiB;
export const UPLOAD_TIMEOUT_MS = 30_000;

/** A request naming more ids than this is refused outright, whatever the category. */
export const MAX_IDS_PER_REQUEST = 1000;

export const PARSE_LIMITS = {
  winevtx: { maxFiles: 100, maxTotalBytes: 1 * GiB },
  registry: { maxFiles: 50, maxTotalBytes: Number.POSITIVE_INFINITY },
  prefetch: { maxFiles: 100, maxTotalBytes: Number.POSITIVE_INFINITY },
} as const satisfies Record<ParseCategory, { maxFiles: number; maxTotalBytes: number }>;
