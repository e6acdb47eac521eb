import { Verdict } from '../common/importance.js';
import { masquerade } from '../common/masquerade.js';
import { stagingPath } from '../common/staging-paths.js';
import { formatTime } from '../common/time-format.js';
import { toolName } from '../common/tool-names.js';
import type { Insight } from '../types.js';
import type { RegistryContext } from './context/registry-context.js';
import { deletedCell, keyCell } from './format.js';
import { hiveCell, registryAnalyzer, type RegistryResultType, type Warn } from './registry-analyzer.js';
import type { KeyStore } from './store/key-store.js';
import { tableInsight, type Row } from './table.js';
import type { ActivityItem } from './user-activity/activity-item.js';
import { BAM_PATTERNS, bamEntries } from './user-activity/bam.js';
import { NTUSER_ACTIVITY_PATTERNS, ntuserActivity } from './user-activity/ntuser-sources.js';
import { NTUSER_BAGMRUS, USRCLASS_BAGMRU, shellBags } from './user-activity/shellbags.js';
import { USB_SOFTWARE_PATTERNS, USB_SYSTEM_PATTERNS, portableDeviceNames, usbDevices } from './user-activity/usb-devices.js';

const PROVENANCE = ['Hive', 'Key', 'Last Write', 'Deleted'];

/** INSIGHTS.md §4 (USB): L3 names High, L1 paths or L5 names Medium, else Informational; used for every activity item. */
function itemVerdict(item: string): Verdict {
  const v = new Verdict();
  // L3 needs a full path: items shown relative to a known folder ("System32\\x.exe") are not judged by it.
  const masq = /^[a-z]:\\|^\\\\/i.test(item) ? masquerade(item) : null;
  if (masq) v.hit('High', masq.reason);
  if (stagingPath(item)) v.hit('Medium', stagingPath(item)!.reason);
  const tool = toolName(item);
  if (tool) v.hit('Medium', `L5 tool name ${tool}`);
  return v;
}

function activityRows(store: KeyStore, context: RegistryContext, warn: Warn): Row[] {
  const items: ActivityItem[] = [];
  for (const h of store.ofType('NTUSER.DAT')) ntuserActivity(h, items, (note) => warn(h, note));
  return items.map((i) => {
    const v = itemVerdict(i.item);
    return {
      cells: {
        User: context.userOf(i.hive),
        Source: i.source,
        Item: i.item,
        Count: i.count,
        'Last Used': formatTime(i.lastUsed),
        Details: i.details,
        Reasons: v.text,
        Hive: hiveCell(i.hive),
        Key: keyCell(i.hive, i.key),
        'Last Write': formatTime(i.key.lastWrite),
        Deleted: deletedCell(i.key, { deleted: i.deletedValue ?? false }),
      },
      importance: v.importance,
      time: i.lastUsed ?? i.key.lastWrite,
    };
  });
}

function programRows(store: KeyStore, context: RegistryContext, warn: Warn): Row[] {
  return store.ofType('SYSTEM').flatMap((h) =>
    bamEntries(h, (note) => warn(h, note)).map((e) => ({
      cells: {
        User: context.userLabel(e.sid),
        Program: e.program,
        'Last Run': formatTime(e.lastRun),
        Hive: hiveCell(h),
        Key: keyCell(h, e.key),
        'Last Write': formatTime(e.key.lastWrite),
        Deleted: deletedCell(e.key, e.value),
      },
      time: e.lastRun,
    })),
  );
}

function shellBagRows(store: KeyStore, context: RegistryContext): Row[] {
  const bags = [
    ...store.ofType('UsrClass.dat').flatMap((h) => shellBags(h, USRCLASS_BAGMRU)),
    ...store.ofType('NTUSER.DAT').flatMap((h) => NTUSER_BAGMRUS.flatMap((root) => shellBags(h, root))),
  ];
  return bags.map((b) => ({
    cells: {
      User: context.userOf(b.hive),
      Path: b.path,
      Slot: b.slot,
      'Last Write': formatTime(b.key.lastWrite),
      'Item Type': b.itemType,
      Hive: hiveCell(b.hive),
      Key: keyCell(b.hive, b.key),
      Deleted: b.deleted ? 'yes' : '',
    },
    time: b.key.lastWrite,
  }));
}

/** USB devices joined across hives: SYSTEM (devices, mounts), SOFTWARE (portable device names), NTUSER MountPoints2 (who mounted the volume). */
function usbRows(store: KeyStore, context: RegistryContext): Row[] {
  const names = portableDeviceNames(store.ofType('SOFTWARE'));
  const usersByVolume = new Map<string, Set<string>>();
  for (const h of store.ofType('NTUSER.DAT')) {
    const user = context.ownerOf(h)?.name ?? h.info.name;
    for (const k of h.children('Software\\Microsoft\\Windows\\CurrentVersion\\Explorer\\MountPoints2')) {
      const set = usersByVolume.get(k.name.toLowerCase()) ?? new Set<string>();
      set.add(user);
      usersByVolume.set(k.name.toLowerCase(), set);
    }
  }
  return store.ofType('SYSTEM').flatMap((h) =>
    usbDevices(h).map((d) => {
      const users = new Set(d.volumeGuids.flatMap((g) => [...(usersByVolume.get(g.toLowerCase()) ?? [])]));
      const label = names.get(d.serial.toLowerCase());
      const v = itemVerdict(`${d.friendlyName} ${label ?? ''}`);
      return {
        cells: {
          Vendor: d.vendor,
          Product: d.product,
          Revision: d.revision,
          Serial: d.serial,
          'Friendly Name': label ? `${d.friendlyName} (volume: ${label})` : d.friendlyName,
          'Drive Letter': d.driveLetters.join(', '),
          'Volume GUID': d.volumeGuids.join(', '),
          Users: [...users].join(', '),
          'First Install': formatTime(d.firstInstall),
          'Last Arrival': formatTime(d.lastArrival),
          'Last Removal': formatTime(d.lastRemoval),
          'VID/PID': d.vidPid,
          Hive: hiveCell(h),
          Key: keyCell(h, d.key),
          'Last Write': formatTime(d.key.lastWrite),
          Deleted: deletedCell(d.key),
        },
        importance: v.importance,
        time: d.lastArrival ?? d.key.lastWrite,
      };
    }),
  );
}

function build(store: KeyStore, context: RegistryContext, warn: Warn): Insight[] {
  return [
    tableInsight(
      'User Activity',
      'General',
      ['User', 'Source', 'Item', 'Count', 'Last Used', 'Details', 'Importance', 'Reasons', ...PROVENANCE],
      activityRows(store, context, warn),
    ),
    tableInsight('User Activity: Program Execution', 'General', ['User', 'Program', 'Last Run', ...PROVENANCE], programRows(store, context, warn)),
    tableInsight(
      'User Activity: ShellBags',
      'General',
      ['User', 'Path', 'Slot', 'Last Write', 'Item Type', 'Hive', 'Key', 'Deleted'],
      shellBagRows(store, context),
    ),
    tableInsight(
      'User Activity: USB Devices',
      'General',
      [
        'Vendor',
        'Product',
        'Revision',
        'Serial',
        'Friendly Name',
        'Drive Letter',
        'Volume GUID',
        'Users',
        'First Install',
        'Last Arrival',
        'Last Removal',
        'VID/PID',
        'Importance',
        ...PROVENANCE,
      ],
      usbRows(store, context),
    ),
  ];
}

export const USER_ACTIVITY: RegistryResultType = {
  title: 'User Activity',
  patterns: {
    'NTUSER.DAT': [...NTUSER_ACTIVITY_PATTERNS, ...NTUSER_BAGMRUS.map((r) => `${r}\\**`)],
    'UsrClass.dat': [`${USRCLASS_BAGMRU}\\**`],
    SYSTEM: [...BAM_PATTERNS, ...USB_SYSTEM_PATTERNS],
    SOFTWARE: USB_SOFTWARE_PATTERNS,
  },
  build,
};

/** Registry "User Activity" (INSIGHTS.md §4). */
export const registryUserActivity = registryAnalyzer(USER_ACTIVITY);
