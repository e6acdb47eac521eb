import type { PrefetchResult } from '../../src/index.js';
import { nanoTime, type ReferenceView } from './reference-tools.js';

/** Our result in the reference tools' shape; `nanoseconds` pads times to sccainfo's 9 digits. */
export function ourView(r: PrefetchResult, nanoseconds: boolean): ReferenceView {
  const time = (t: string | null) => (nanoseconds ? nanoTime(t) : t);
  return {
    version: r.version,
    prefetchHash: r.prefetchHash,
    executableName: r.executableName,
    runCount: r.runCount,
    lastRunTimes: r.lastRunTimes.map(time),
    filenames: r.filenames,
    volumes: r.volumes.map((v) => ({ devicePath: v.devicePath, creationTime: time(v.creationTime), serialNumber: v.serialNumber })),
    fileMetrics: r.fileMetrics.map((m) => ({
      filename: m.filename ?? '',
      fileReference: m.fileReference
        ? `0x${((BigInt(m.fileReference.sequence) << 48n) | BigInt(m.fileReference.mftEntry)).toString(16).padStart(16, '0')}`
        : null,
    })),
  };
}
