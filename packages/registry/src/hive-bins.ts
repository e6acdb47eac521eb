import { type RegistryWarning, warning } from './errors.js';
import type { Reader } from './reader.js';
import { BASE_BLOCK_SIZE } from './base-block.js';

export interface HiveBin {
  /** Absolute offsets. */
  start: number;
  end: number;
}

const PAGE = 4096;

/**
 * Lists hive bins in file order. A damaged bin header is reported and skipped: scanning resumes at
 * the next 4 KiB boundary that carries an "hbin" signature, so one bad bin does not hide the rest.
 */
export function listHiveBins(r: Reader, dataSize: number, warnings: RegistryWarning[]): HiveBin[] {
  const bins: HiveBin[] = [];
  const limit = Math.min(r.length, BASE_BLOCK_SIZE + dataSize);
  if (BASE_BLOCK_SIZE + dataSize > r.length) {
    warnings.push(warning('hive bins', BASE_BLOCK_SIZE, `base block declares ${dataSize} bytes of hive bins but the file holds ${r.length - BASE_BLOCK_SIZE}`));
  }
  let pos = BASE_BLOCK_SIZE;
  while (pos + 32 <= limit) {
    const sig = r.buf.toString('latin1', pos, pos + 4);
    const size = r.buf.readUInt32LE(pos + 8);
    const rel = r.buf.readUInt32LE(pos + 4);
    if (sig !== 'hbin' || size < PAGE || size % PAGE !== 0 || pos + size > limit || rel !== pos - BASE_BLOCK_SIZE) {
      warnings.push(warning('hbin', pos, `invalid hive bin header (signature ${JSON.stringify(sig)}, size ${size}, offset ${rel})`));
      pos += PAGE;
      while (pos + 32 <= limit && r.buf.toString('latin1', pos, pos + 4) !== 'hbin') pos += PAGE;
      continue;
    }
    bins.push({ start: pos, end: pos + size });
    pos += size;
  }
  return bins;
}
