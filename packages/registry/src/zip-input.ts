import { readFile } from 'node:fs/promises';
import { posix } from 'node:path';
import { unzipSync } from 'fflate';
import { FileType, hasRegfSignature, parseBaseBlock } from './base-block.js';
import { RegistryError } from './errors.js';
import { Hive, MAX_HIVE_BYTES } from './hive.js';
import { isLogNameOf } from './open.js';
import type { LogInput } from './replay.js';

export interface ZipHive {
  /** Member path inside the archive. */
  name: string;
  /** Null when the member looked like a hive but could not be opened; see error. */
  hive: Hive | null;
  error: RegistryError | null;
  /** Member paths of the logs matched to this hive. */
  logs: string[];
}

export interface ZipContents {
  hives: ZipHive[];
  /** Members that are neither hives nor matched logs, with the reason. */
  skipped: { name: string; reason: string }[];
}

/** Total uncompressed bytes we accept from one archive; guards against zip bombs. */
export const MAX_ZIP_EXPANDED_BYTES = 4 * 2 ** 30;

function unzip(data: Buffer): Record<string, Uint8Array> {
  let total = 0;
  try {
    return unzipSync(data, {
      filter: (f) => {
        total += f.originalSize;
        return f.originalSize <= MAX_HIVE_BYTES && total <= MAX_ZIP_EXPANDED_BYTES && !f.name.endsWith('/');
      },
    });
  } catch (err) {
    throw new RegistryError(`cannot read zip archive: ${(err as Error).message}`, 'zip', -1);
  }
}

/**
 * Opens every hive in a zip archive. Logs are matched to hives by name (NAME.LOG/.LOG1/.LOG2,
 * case-insensitive, same folder) and, failing that, by the file name embedded in both base blocks.
 */
export async function openZip(input: string | Buffer): Promise<ZipContents> {
  const data = typeof input === 'string' ? await readFile(input) : input;
  const members = unzip(data);
  const hives: { name: string; data: Buffer; embedded: string }[] = [];
  const logs: { name: string; data: Buffer; embedded: string }[] = [];
  const skipped: ZipContents['skipped'] = [];
  for (const [name, bytes] of Object.entries(members)) {
    const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    if (!hasRegfSignature(buf) || buf.length < 512) {
      skipped.push({ name, reason: 'not a registry file' });
      continue;
    }
    const base = parseBaseBlock(buf);
    (base.fileType === FileType.primary ? hives : logs).push({ name, data: buf, embedded: base.fileName.toLowerCase() });
  }
  const assigned = new Map<string, LogInput[]>();
  for (const log of logs) {
    const byName = hives.filter(
      (h) => posix.dirname(h.name) === posix.dirname(log.name) && isLogNameOf(posix.basename(h.name), posix.basename(log.name)),
    );
    const byContent = hives.filter((h) => h.embedded !== '' && h.embedded === log.embedded);
    const target = byName.length === 1 ? byName[0] : byContent.length === 1 ? byContent[0] : undefined;
    if (!target) {
      skipped.push({ name: log.name, reason: 'transaction log with no unambiguous matching hive' });
      continue;
    }
    const list = assigned.get(target.name) ?? [];
    list.push({ name: log.name, data: log.data });
    assigned.set(target.name, list);
  }
  const out: ZipHive[] = [];
  for (const h of hives) {
    const hiveLogs = (assigned.get(h.name) ?? []).sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()));
    try {
      out.push({ name: h.name, hive: new Hive(h.data, hiveLogs), error: null, logs: hiveLogs.map((l) => l.name) });
    } catch (err) {
      if (!(err instanceof RegistryError)) throw err;
      out.push({ name: h.name, hive: null, error: err, logs: hiveLogs.map((l) => l.name) });
    }
  }
  return { hives: out, skipped };
}
