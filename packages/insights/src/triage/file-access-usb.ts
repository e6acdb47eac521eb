import { rowLink, tableRows } from './facts/table-rows.js';
import type { HostState } from './host-state.js';

/** A USB storage device as the SYSTEM hive names it, with its row link. */
export interface UsbDevice {
  name: string;
  serial: string;
  driveLetter: string;
  link: string;
  firstInstall: string;
  lastArrival: string;
  lastRemoval: string;
}

/** The registry's "User Activity: USB Devices" rows. */
export function usbDevices(state: HostState): UsbDevice[] {
  const title = 'User Activity: USB Devices';
  return state.memo('file-access:usb', () =>
    tableRows(state.insight('registry', title)).map(({ row, cells: c }) => ({
      name: c['Friendly Name'] || `${c['Vendor'] ?? ''} ${c['Product'] ?? ''}`.trim(),
      serial: c['Serial'] ?? '',
      driveLetter: (c['Drive Letter'] ?? '').toUpperCase(),
      link: rowLink('registry', title, row),
      firstInstall: c['First Install'] ?? '',
      lastArrival: c['Last Arrival'] ?? '',
      lastRemoval: c['Last Removal'] ?? '',
    })),
  );
}

/**
 * The USB devices a path on a removable volume may have been on: those MountedDevices last gave
 * its drive letter. The letter is the device's last assignment, so this is a lead, said as such
 * ("by drive letter"); the SOFTWARE EMDMgmt key, which ties a volume serial to a device serial, is
 * not shown by the registry analyzers.
 */
export function devicesForPath(devices: readonly UsbDevice[], path: string): UsbDevice[] {
  const letter = /^([A-Za-z]:)\\/.exec(path)?.[1]?.toUpperCase();
  return letter ? devices.filter((d) => d.driveLetter === letter) : [];
}
