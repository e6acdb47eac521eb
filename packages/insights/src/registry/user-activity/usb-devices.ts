import { filetimeToIso } from '@quarry/registry';
import type { HiveKeys } from '../store/hive-keys.js';
import { str, type SlimKey } from '../store/slim-key.js';

const DATES = 'Properties\\{83da6326-97a6-4088-9453-a1923f573b29}';
export const USB_SYSTEM_PATTERNS = [
  'CCS\\Enum\\USBSTOR\\*',
  'CCS\\Enum\\USBSTOR\\*\\*',
  'CCS\\Enum\\USB\\*',
  `CCS\\Enum\\USBSTOR\\*\\*\\${DATES}\\*`,
  'CCS\\Enum\\USB\\*\\*',
  'MountedDevices',
];
export const USB_SOFTWARE_PATTERNS = ['Microsoft\\Windows Portable Devices\\Devices\\*'];

export interface UsbDevice {
  hive: HiveKeys;
  key: SlimKey;
  vendor: string;
  product: string;
  revision: string;
  serial: string;
  friendlyName: string;
  driveLetters: string[];
  volumeGuids: string[];
  firstInstall: string | null;
  lastArrival: string | null;
  lastRemoval: string | null;
  vidPid: string;
}

function dateProp(hive: HiveKeys, key: SlimKey, id: string): string | null {
  const v = hive.key(`${key.path}\\${DATES}\\${id}`)?.values.find((x) => x.name === '');
  return Buffer.isBuffer(v?.data) && v.data.length >= 8 ? filetimeToIso(v.data.readBigUInt64LE(0)) : null;
}

/** MountedDevices data naming a device (`_??_USBSTOR#Disk&Ven_…#<serial>#{…}`), by lower-case serial. */
function mounts(hive: HiveKeys): { letters: Map<string, string[]>; guids: Map<string, string[]> } {
  const letters = new Map<string, string[]>();
  const guids = new Map<string, string[]>();
  for (const v of hive.key('MountedDevices')?.values ?? []) {
    if (!Buffer.isBuffer(v.data) || v.data.length < 16) continue;
    const text = v.data.toString('utf16le', 0, v.data.length & ~1).toLowerCase();
    const serial = /usbstor#[^#]+#([^#]+)#/.exec(text)?.[1];
    if (!serial) continue;
    const letter = /^\\dosdevices\\([a-z]:)$/i.exec(v.name)?.[1];
    const guid = /^\\\?\?\\volume(\{[0-9a-f-]{36}\})$/i.exec(v.name)?.[1];
    const map = letter ? letters : guid ? guids : null;
    if (map) map.set(serial, [...(map.get(serial) ?? []), (letter ?? guid)!.toUpperCase().replace(/^\{(.*)\}$/, (_m, g: string) => `{${g.toLowerCase()}}`)]);
  }
  return { letters, guids };
}

/**
 * USB mass-storage devices (USBSTOR class\serial), with their VID/PID from Enum\USB (same serial
 * without the `&0` suffix), drive letters and volume GUIDs from MountedDevices. Dates: 0065 first
 * install, 0066 last arrival, 0067 last removal (0064 is the latest install; used when 0065 is absent).
 */
export function usbDevices(hive: HiveKeys): UsbDevice[] {
  const { letters, guids } = mounts(hive);
  const vidPid = new Map<string, string>();
  for (const cls of hive.children('CCS\\Enum\\USB')) for (const dev of hive.children(cls.path)) vidPid.set(dev.name.toLowerCase(), cls.name);
  const out: UsbDevice[] = [];
  for (const cls of hive.children('CCS\\Enum\\USBSTOR')) {
    const parts = cls.name.split('&');
    const field = (prefix: string): string => parts.find((p) => p.toLowerCase().startsWith(prefix))?.slice(prefix.length) ?? '';
    for (const dev of hive.children(cls.path)) {
      const serialKey = dev.name.toLowerCase();
      const serial = dev.name.replace(/&\d$/, '');
      out.push({
        hive,
        key: dev,
        vendor: field('ven_'),
        product: field('prod_'),
        revision: field('rev_'),
        serial,
        friendlyName: str(dev, 'FriendlyName'),
        driveLetters: letters.get(serialKey) ?? [],
        volumeGuids: guids.get(serialKey) ?? [],
        firstInstall: dateProp(hive, dev, '0065') ?? dateProp(hive, dev, '0064'),
        lastArrival: dateProp(hive, dev, '0066'),
        lastRemoval: dateProp(hive, dev, '0067'),
        vidPid: vidPid.get(serial.toLowerCase()) ?? '',
      });
    }
  }
  return out;
}

/** SOFTWARE Windows Portable Devices: device ids embed the serial; FriendlyName is the volume label users saw. */
export function portableDeviceNames(software: HiveKeys[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const hive of software) {
    for (const key of hive.children('Microsoft\\Windows Portable Devices\\Devices')) {
      const serial = /usbstor#[^#]+#([^#]+)#/i.exec(key.name)?.[1]?.replace(/&\d$/, '').toLowerCase();
      const name = str(key, 'FriendlyName');
      if (serial && name) names.set(serial, name);
    }
  }
  return names;
}
