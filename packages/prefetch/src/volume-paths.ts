/**
 * Volume path normalisation. Prefetch paths start with the volume's device path as stored in the
 * volume information: \DEVICE\HARDDISKVOLUMEn up to Windows 8.1, \VOLUME{creation-serial} from
 * Windows 10 on. Each path is tied to its volume, and shown with a drive letter when the file itself
 * records one for that volume, else in \DEVICE\HARDDISKVOLUMEn form when that is known.
 */
export interface VolumeNames {
  /** \DEVICE\HARDDISKVOLUMEn for this volume when stored or shown by the file, else null. */
  deviceName: string | null;
  /** "C" etc. when a drive-letter path in the file matches a path on this volume, else null. */
  driveLetter: string | null;
}

export interface NormalizedPath {
  volumeIndex: number | null;
  /** The path below the volume, starting with "\"; null when no volume prefix matches. */
  relativePath: string | null;
  displayPath: string;
}

const DEVICE_PREFIX = /^\\DEVICE\\/i;
const DRIVE_PATH = /^(?:\\\?\?\\)?([A-Za-z]):(\\.*)$/;

/** Splits `path` on the longest volume device path that prefixes it at a separator. */
export function splitVolumePath(path: string, devicePaths: readonly string[]): { index: number; rest: string } | null {
  const upper = path.toUpperCase();
  let best: { index: number; rest: string } | null = null;
  for (let index = 0; index < devicePaths.length; index++) {
    const d = (devicePaths[index] as string).toUpperCase();
    if (d.length === 0 || (best && d.length <= path.length - best.rest.length) || !upper.startsWith(d)) continue;
    const next = path.charAt(d.length);
    if (next !== '' && next !== '\\') continue;
    best = { index, rest: path.slice(d.length) || '\\' };
  }
  return best;
}

/**
 * Names each volume from evidence in the file: a device path that is already \DEVICE\...; the
 * executable's \DEVICE\HARDDISKVOLUMEn path (Windows 10+ hash string) matching a stored path on a
 * \VOLUME{...}; a drive-letter path matching a stored path on the volume.
 */
export function resolveVolumeNames(devicePaths: readonly string[], paths: readonly string[], executableDevicePath: string | null): VolumeNames[] {
  const names: VolumeNames[] = devicePaths.map((d) => ({
    deviceName: DEVICE_PREFIX.test(d) ? d.toUpperCase() : null,
    driveLetter: null,
  }));
  const restsByVolume = devicePaths.map(() => new Set<string>());
  for (const p of paths) {
    const split = splitVolumePath(p, devicePaths);
    if (split) restsByVolume[split.index]?.add(split.rest.toUpperCase());
  }
  if (executableDevicePath) {
    const m = /^(\\DEVICE\\[^\\]+)(\\.+)$/i.exec(executableDevicePath);
    if (m?.[1] && m[2]) {
      const rest = m[2].toUpperCase();
      restsByVolume.forEach((rests, i) => {
        const n = names[i];
        if (n && n.deviceName === null && rests.has(rest)) n.deviceName = (m[1] as string).toUpperCase();
      });
    }
  }
  for (const p of paths) {
    const m = DRIVE_PATH.exec(p);
    if (!m?.[1] || !m[2]) continue;
    const rest = m[2].toUpperCase();
    restsByVolume.forEach((rests, i) => {
      const n = names[i];
      if (n && n.driveLetter === null && rests.has(rest)) n.driveLetter = (m[1] as string).toUpperCase();
    });
  }
  return names;
}

export function normalizeVolumePath(path: string, devicePaths: readonly string[], names: readonly VolumeNames[]): NormalizedPath {
  return normalizeSplitPath(path, splitVolumePath(path, devicePaths), names);
}

/** As normalizeVolumePath, for a path already split by splitVolumePath. */
export function normalizeSplitPath(path: string, split: { index: number; rest: string } | null, names: readonly VolumeNames[]): NormalizedPath {
  if (!split) return { volumeIndex: null, relativePath: null, displayPath: path };
  const n = names[split.index];
  const displayPath = n?.driveLetter ? `${n.driveLetter}:${split.rest}` : n?.deviceName ? `${n.deviceName}${split.rest}` : path;
  return { volumeIndex: split.index, relativePath: split.rest, displayPath };
}
