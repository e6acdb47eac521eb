import type { Comparator } from './comparator.js';
import { comparison, compareKeyed, keyPathOf, pluginOutput, refTime, rowsOf } from './evidence.js';

interface Device {
  vendor: string;
  product: string;
  revision: string;
  serial: string;
  name: string;
  firstInstall: string;
  lastArrival: string;
  lastRemoval: string;
}

/** The USBSTOR instance suffix (`&0`) is the disk's instance on the device, not part of its serial. */
const serialOf = (s: string): string => s.replace(/&\d+$/, '');

/**
 * USB storage devices: our "User Activity: USB Devices" rows (USBSTOR of the current control set)
 * against regipy's usbstor_plugin (every control set), by key path. First Install is property
 * 0065 on both sides (registry README: 0064 is the latest install), Last Arrival 0066, Last Removal 0067.
 */
export const USB_DEVICES: Comparator = {
  artifact: 'USB devices',
  regipyPlugins: ['usbstor_plugin', 'active_control_set'],
  appliesTo: (hive) => hive.kind === 'SYSTEM',
  compare(ours, regipy, hive) {
    const mine = new Map<string, Device>();
    for (const r of rowsOf(ours, 'User Activity: USB Devices')) {
      if (!/\\enum\\usbstor\\/i.test(r['Key']!)) continue;
      mine.set(keyPathOf(r['Key']), {
        vendor: r['Vendor']!,
        product: r['Product']!,
        revision: r['Revision']!,
        serial: serialOf(r['Serial']!),
        name: r['Friendly Name']!,
        firstInstall: r['First Install']!,
        lastArrival: r['Last Arrival']!,
        lastRemoval: r['Last Removal']!,
      });
    }
    const { entries, error } = pluginOutput(regipy, 'usbstor_plugin');
    const current = (pluginOutput(regipy, 'active_control_set').entries as { name: string; value: unknown }[] | null)?.find((v) => v.name === 'Current')?.value;
    const currentSet = `\\controlset${String(current ?? 1).padStart(3, '0')}\\`;
    const theirs = new Map<string, Device>();
    for (const e of Array.isArray(entries) ? (entries as Record<string, unknown>[]) : []) {
      const str = (k: string): string => (typeof e[k] === 'string' ? (e[k] as string) : '');
      theirs.set(str('key_path').toLowerCase(), {
        vendor: str('manufacturer').replace(/^Ven_/i, ''),
        product: str('title').replace(/^Prod_/i, ''),
        revision: str('version').replace(/^Rev_/i, ''),
        serial: serialOf(str('serial_number')),
        name: str('device_name'),
        firstInstall: refTime(e['first_installed']),
        lastArrival: refTime(e['last_connected']),
        lastRemoval: refTime(e['last_removed']),
      });
    }
    return compareKeyed(
      comparison('USB devices', hive.label),
      mine,
      theirs,
      (o, t) => {
        const diff = (Object.keys(o) as (keyof Device)[]).filter((k) => o[k] !== t[k]);
        return diff.length === 0 ? null : { ours: Object.fromEntries(diff.map((k) => [k, o[k]])), theirs: Object.fromEntries(diff.map((k) => [k, t[k]])) };
      },
      () => error,
      (k) => (k.startsWith(currentSet) ? null : `${k.slice(1, 14)} is not the current control set: USB Devices reads CCS only`),
    );
  },
};
