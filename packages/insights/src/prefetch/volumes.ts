import type { PrefetchVolume } from '@quarry/prefetch';

/** A volume serial as INSIGHTS.md §5 shows it: 8 upper-case hex digits (`5C3E2F10`). */
export function serialHex(serial: number): string {
  return (serial >>> 0).toString(16).toUpperCase().padStart(8, '0');
}

const SHADOW_COPY = /^\\DEVICE\\HARDDISKVOLUMESHADOWCOPY(\d+)$/i;

/**
 * The Volume cell of a path on this volume: its serial. A shadow copy carries the serial of the
 * volume it copies (WUAUCLT on Win7 has four), so it is named, or the two would read as one.
 */
export function volumeCell(v: Pick<PrefetchVolume, 'devicePath' | 'serialNumber'>): string {
  const shadow = SHADOW_COPY.exec(v.devicePath);
  return shadow ? `${serialHex(v.serialNumber)} (shadow copy ${shadow[1]})` : serialHex(v.serialNumber);
}

export function isShadowCopy(devicePath: string): boolean {
  return SHADOW_COPY.test(devicePath);
}

/**
 * One volume across the job's files: the same device path, serial and creation time. The serial
 * alone would merge a volume with its shadow copies; the device path alone would merge different
 * machines' \DEVICE\HARDDISKVOLUME2.
 */
export function volumeKey(v: Pick<PrefetchVolume, 'devicePath' | 'serialNumber' | 'creationTime'>): string {
  return `${v.devicePath.toUpperCase()}|${serialHex(v.serialNumber)}|${v.creationTime ?? ''}`;
}
