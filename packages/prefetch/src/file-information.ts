import { FILE_HEADER_SIZE, type FormatVersion } from './file-header.js';
import type { ByteReader } from './reader.js';

/** The file information block that follows the header; its layout depends on the version. */
export interface FileInformation {
  /** 1 or 2 for versions 30 and 31 (220- or 212-byte layout), else null. */
  variant: 1 | 2 | null;
  metricsOffset: number;
  metricsCount: number;
  traceChainsOffset: number;
  traceChainsCount: number;
  filenameStringsOffset: number;
  filenameStringsSize: number;
  volumesOffset: number;
  volumesCount: number;
  volumesSize: number;
  /** Raw FILETIMEs, most recent first: one slot before version 26, eight after. */
  lastRunTimes: bigint[];
  runCount: number;
  /** Versions 30/31: where the string the prefetch hash was computed from is stored, if any. */
  hashStringOffset: number;
  hashStringSize: number;
}

const S = 'file information';
/** Metrics array offset of the 220-byte (variant 1) layout: it starts right after the block. */
const VARIANT1_METRICS_OFFSET = FILE_HEADER_SIZE + 220;

export function readFileInformation(r: ByteReader, version: FormatVersion): FileInformation {
  const at = FILE_HEADER_SIZE;
  const base = {
    metricsOffset: r.u32(at, S),
    metricsCount: r.u32(at + 4, S),
    traceChainsOffset: r.u32(at + 8, S),
    traceChainsCount: r.u32(at + 12, S),
    filenameStringsOffset: r.u32(at + 16, S),
    filenameStringsSize: r.u32(at + 20, S),
    volumesOffset: r.u32(at + 24, S),
    volumesCount: r.u32(at + 28, S),
    volumesSize: r.u32(at + 32, S),
    hashStringOffset: 0,
    hashStringSize: 0,
  };
  const runTimes = (count: number): bigint[] => Array.from({ length: count }, (_, i) => r.u64(at + 44 + i * 8, S));

  switch (version) {
    case 17:
      return { ...base, variant: null, lastRunTimes: [r.u64(at + 36, S)], runCount: r.u32(at + 60, S) };
    case 23:
      return { ...base, variant: null, lastRunTimes: runTimes(1), runCount: r.u32(at + 68, S) };
    case 26:
      return { ...base, variant: null, lastRunTimes: runTimes(8), runCount: r.u32(at + 124, S) };
    case 30:
    case 31: {
      // Variant 2 dropped 8 bytes before the run count; the metrics array follows the block directly.
      const variant = base.metricsOffset >= VARIANT1_METRICS_OFFSET ? 1 : 2;
      const shift = variant === 1 ? 8 : 0;
      return {
        ...base,
        variant,
        lastRunTimes: runTimes(8),
        runCount: r.u32(at + 116 + shift, S),
        hashStringOffset: r.u32(at + 128 + shift, S),
        hashStringSize: r.u32(at + 132 + shift, S),
      };
    }
  }
}
