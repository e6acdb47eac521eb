import type { CommonNetworkRelativeLink, DriveType, LinkInfo, VolumeId } from '../model.js';
import type { LinkReader } from '../reader.js';
import type { Warnings } from '@quarry/binary';
import { networkProviderName } from './network-providers.js';

const DRIVE_TYPES: DriveType[] = ['unknown', 'no-root-dir', 'removable', 'fixed', 'remote', 'cdrom', 'ramdisk'];

/** A string at `base + rel` that must end inside [base, limit); null (with a warning) when it points outside. */
function textAt(r: LinkReader, base: number, rel: number, limit: number, unicode: boolean, structure: string, warnings: Warnings): string | null {
  if (rel === 0) return null;
  const at = base + rel;
  if (at >= limit || at < base) {
    warnings.add(structure, base, `offset ${rel} points outside its ${limit - base}-byte structure`);
    return null;
  }
  return unicode ? r.utf16z(at, limit, structure).text : r.ansiz(at, limit, structure).text;
}

function readVolumeId(r: LinkReader, at: number, limit: number, warnings: Warnings): VolumeId {
  const size = r.u32(at, 'volume id size');
  const end = Math.min(at + size, limit);
  if (size < 0x10 || at + size > limit) warnings.add('volume id', at, `size ${size} does not fit its link info`);
  const driveTypeValue = r.u32(at + 4, 'drive type');
  const driveType = DRIVE_TYPES[driveTypeValue];
  if (driveType === undefined) warnings.add('volume id drive type', at + 4, `drive type ${driveTypeValue} is not a DRIVE_* value; shown as unknown`);
  const serial = r.u32(at + 8, 'drive serial number');
  const labelOffset = r.u32(at + 12, 'volume label offset');
  // 0x14 means the label is Unicode, at the offset in the next field.
  const label =
    labelOffset === 0x14
      ? textAt(r, at, r.u32(at + 16, 'volume label offset unicode'), end, true, 'volume label', warnings)
      : textAt(r, at, labelOffset, end, false, 'volume label', warnings);
  return {
    driveType: driveType ?? 'unknown',
    driveSerialNumber: serial.toString(16).toUpperCase().padStart(8, '0'),
    volumeLabel: label ?? '',
  };
}

function readNetwork(r: LinkReader, at: number, limit: number, warnings: Warnings): CommonNetworkRelativeLink {
  const size = r.u32(at, 'network link size');
  if (size < 0x14 || at + size > limit) warnings.add('common network relative link', at, `size ${size} does not fit its link info`);
  const end = Math.min(at + size, limit);
  const flags = r.u32(at + 4, 'network link flags');
  const netNameOffset = r.u32(at + 8, 'net name offset');
  const deviceNameOffset = r.u32(at + 12, 'device name offset');
  const providerType = r.u32(at + 16, 'network provider type');
  // Offsets beyond 0x14 mean the Unicode offsets follow, and the Unicode strings are the ones to show.
  const unicode = netNameOffset > 0x14;
  const netName = unicode
    ? textAt(r, at, r.u32(at + 20, 'net name offset unicode'), end, true, 'net name', warnings)
    : textAt(r, at, netNameOffset, end, false, 'net name', warnings);
  let deviceName: string | null = null;
  if (flags & 1) {
    deviceName = unicode
      ? textAt(r, at, r.u32(at + 24, 'device name offset unicode'), end, true, 'device name', warnings)
      : textAt(r, at, deviceNameOffset, end, false, 'device name', warnings);
  }
  return {
    netName: netName ?? '',
    deviceName,
    networkProviderType: flags & 2 ? networkProviderName(providerType) : null,
  };
}

/** The LinkInfo structure at `at` ([MS-SHLLINK] 2.3); returns it and its size. */
export function readLinkInfo(r: LinkReader, at: number, end: number, warnings: Warnings): { info: LinkInfo; size: number } {
  const size = r.u32(at, 'link info size');
  if (size < 0x1c || at + size > end) r.fail(`link info size ${size} does not fit (${end - at} bytes left)`, at, 'link info');
  const limit = at + size;
  const headerSize = r.u32(at + 4, 'link info header size');
  const flags = r.u32(at + 8, 'link info flags');
  const volumeIdOffset = r.u32(at + 12, 'volume id offset');
  const localBasePathOffset = r.u32(at + 16, 'local base path offset');
  const networkOffset = r.u32(at + 20, 'network link offset');
  const suffixOffset = r.u32(at + 24, 'common path suffix offset');
  const hasUnicode = headerSize >= 0x24;
  const info: LinkInfo = { flags, volume: null, localBasePath: null, network: null, commonPathSuffix: null };
  const inside = (rel: number, structure: string): boolean => {
    if (rel >= 4 && rel < size) return true;
    warnings.add(structure, at, `offset ${rel} points outside the ${size}-byte link info`);
    return false;
  };
  if (flags & 1) {
    if (inside(volumeIdOffset, 'volume id')) info.volume = warnings.section(null, () => readVolumeId(r, at + volumeIdOffset, limit, warnings));
    info.localBasePath = warnings.section(null, () =>
      hasUnicode && r.u32(at + 28, 'local base path offset unicode') !== 0
        ? textAt(r, at, r.u32(at + 28, 'local base path offset unicode'), limit, true, 'local base path', warnings)
        : textAt(r, at, localBasePathOffset, limit, false, 'local base path', warnings),
    );
  }
  if (flags & 2 && inside(networkOffset, 'common network relative link')) {
    info.network = warnings.section(null, () => readNetwork(r, at + networkOffset, limit, warnings));
  }
  info.commonPathSuffix = warnings.section(null, () =>
    hasUnicode && r.u32(at + 32, 'common path suffix offset unicode') !== 0
      ? textAt(r, at, r.u32(at + 32, 'common path suffix offset unicode'), limit, true, 'common path suffix', warnings)
      : textAt(r, at, suffixOffset, limit, false, 'common path suffix', warnings),
  );
  return { info, size };
}
