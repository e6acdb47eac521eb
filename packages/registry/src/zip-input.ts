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

/**
 * Total uncompressed bytes we accept from one archive; guards against zip bombs. Members are
 * inflated into buffers of their declared size and never past it (a member that lies about its
 * size comes out truncated, and fails as a hive), so declared sizes bound the memory taken.
 */
export const MAX_ZIP_EXPANDED_BYTES = 4 * 2 ** 30;

const CENTRAL_ENTRY = 0x02014b50;

/** Member names whose central-directory entry has the "encrypted" flag (bit 0); none can be read here. */
function encryptedMembers(data: Buffer): string[] {
  const names: string[] = [];
  // The end-of-central-directory record holds the directory's offset and entry count.
  const eocd = data.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0 || eocd + 22 > data.length) return names;
  let at = data.readUInt32LE(eocd + 16);
  for (let i = data.readUInt16LE(eocd + 10); i > 0 && at + 46 <= data.length && data.readUInt32LE(at) === CENTRAL_ENTRY; i--) {
    const nameLen = data.readUInt16LE(at + 28);
    if (data.readUInt16LE(at + 8) & 1) names.push(data.toString('utf8', at + 46, at + 46 + nameLen));
    at += 46 + nameLen + data.readUInt16LE(at + 30) + data.readUInt16LE(at + 32);
  }
  return names;
}

function unzip(data: Buffer, refused: ZipContents['skipped']): Record<string, Uint8Array> {
  const encrypted = encryptedMembers(data);
  if (encrypted.length > 0)
    throw new RegistryError(
      `the archive is encrypted (password-protected: ${encrypted.slice(0, 3).join(', ')}${encrypted.length > 3 ? ', …' : ''}); upload the hives unencrypted`,
      'zip',
      -1,
    );
  let total = 0;
  try {
    return unzipSync(data, {
      filter: (f) => {
        if (f.name.endsWith('/')) return false;
        if (f.originalSize > MAX_HIVE_BYTES) {
          refused.push({ name: f.name, reason: `declares ${f.originalSize} bytes, more than a hive can hold: not extracted` });
          return false;
        }
        if (total + f.originalSize > MAX_ZIP_EXPANDED_BYTES) {
          refused.push({ name: f.name, reason: `would expand the archive past ${MAX_ZIP_EXPANDED_BYTES / 2 ** 30} GiB (zip bomb guard): not extracted` });
          return false;
        }
        total += f.originalSize;
        return true;
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
  const skipped: ZipContents['skipped'] = [];
  const members = unzip(data, skipped);
  const hives: { name: string; data: Buffer; embedded: string }[] = [];
  const logs: { name: string; data: Buffer; embedded: string }[] = [];
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
    const byName = hives.filter((h) => posix.dirname(h.name) === posix.dirname(log.name) && isLogNameOf(posix.basename(h.name), posix.basename(log.name)));
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
