import { filetimeToIso } from '../filetime.js';
import type { TrackerData } from '../model.js';
import { HEX, type LinkReader } from '../reader.js';

/** 100-ns intervals between the UUID epoch (1582-10-15) and the FILETIME epoch (1601-01-01). */
const UUID_TO_FILETIME = 5748192000000000n;

/**
 * The MAC address and time of a version 1 (time-based) GUID; nulls for other versions. The time is
 * the 60-bit count of 100-ns intervals since 1582-10-15 in time_low, time_mid and time_hi.
 */
export function uuidV1(data: Uint8Array, at: number): { macAddress: string | null; time: string | null } {
  const timeHi = data[at + 6]! | (data[at + 7]! << 8);
  if (timeHi >> 12 !== 1) return { macAddress: null, time: null };
  // 60 bits exceed a double's 53, so whole 100-ns counts stay BigInt; the bytes are read without a DataView per GUID.
  const timeLow = (data[at]! | (data[at + 1]! << 8) | (data[at + 2]! << 16) | (data[at + 3]! << 24)) >>> 0;
  const timeMid = data[at + 4]! | (data[at + 5]! << 8);
  const ticks = (BigInt((timeHi & 0x0fff) * 0x10000 + timeMid) << 32n) | BigInt(timeLow);
  const mac = `${HEX[data[at + 10]!]}:${HEX[data[at + 11]!]}:${HEX[data[at + 12]!]}:${HEX[data[at + 13]!]}:${HEX[data[at + 14]!]}:${HEX[data[at + 15]!]}`;
  return { macAddress: mac, time: ticks >= UUID_TO_FILETIME ? filetimeToIso(ticks - UUID_TO_FILETIME) : null };
}

/** TrackerDataBlock ([MS-SHLLINK] 2.5.10): machine id (16 ANSI bytes), droid and birth droid GUID pairs. */
export function readTracker(r: LinkReader, at: number, end: number): TrackerData {
  const s = 'tracker data block';
  r.need(at, 0x60, s);
  const machineId = r.ansiz(at + 16, Math.min(at + 32, end), s).text;
  const { macAddress, time } = uuidV1(r.data, at + 48);
  return {
    machineId,
    droidVolumeId: r.guid(at + 32, s),
    droidFileId: r.guid(at + 48, s),
    birthDroidVolumeId: r.guid(at + 64, s),
    birthDroidFileId: r.guid(at + 80, s),
    macAddress,
    droidTime: time,
  };
}
