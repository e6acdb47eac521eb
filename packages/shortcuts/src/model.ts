/**
 * What the shortcuts parsers return: MS-SHLLINK shell links, and the two Jump List containers that
 * hold them. Plain data (JSON-serialisable: times as ISO strings, 64-bit values as decimal strings),
 * so results cross worker threads and reach the store unchanged.
 */

import type { ParseWarning } from '@quarry/binary';

/** A non-fatal problem; the rest of the structure is still parsed. Offsets are absolute in the file or stream. */
export type { ParseWarning };

/** FILETIME as ISO 8601 UTC with seven fractional digits; null when the field is 0 (never set). */
export type IsoTime = string | null;

/** SHOW_COMMAND values with a name; any other value is kept as its number (and warned about). */
export type ShowCommand = 'normal' | 'maximized' | 'minimized' | number;

export interface HotKey {
  /** The virtual key, e.g. "F5", "A"; null when no hot key is set. */
  key: string | null;
  modifiers: ('shift' | 'control' | 'alt')[];
}

export interface LinkHeader {
  /** LinkFlags as a number and as the names of the bits set (e.g. "HasLinkTargetIDList"). */
  linkFlags: number;
  flags: string[];
  /** FileAttributes of the target as a number and as names (e.g. "ARCHIVE", "DIRECTORY"). */
  fileAttributes: number;
  attributes: string[];
  creationTime: IsoTime;
  accessTime: IsoTime;
  writeTime: IsoTime;
  /** Low 32 bits of the target's size, as stored. */
  fileSize: number;
  iconIndex: number;
  showCommand: ShowCommand;
  hotKey: HotKey;
}

/** Extension block inside a file entry shell item (0xBEEF00xx). */
export interface ShellItemExtension {
  signature: string; // e.g. "0xbeef0004"
  version: number;
  offset: number;
  /**
   * BEEF0004: times, NTFS file reference, long and localised names. The times are FAT date/times
   * like `fileEntry.modified` (local, 2-second resolution, ISO without a zone), not FILETIMEs.
   */
  created?: string | null;
  accessed?: string | null;
  longName?: string;
  localizedName?: string;
  /** NTFS MFT reference of the target (BEEF0004 version ≥ 7). */
  mftEntry?: number;
  mftSequence?: number;
  /** Other blocks' decoded fields, by name (known folder GUIDs, property stores, …). */
  fields?: Record<string, string | number | null>;
}

interface ShellItemBase {
  /** Byte offset of the item in the file (or stream) and its size field. */
  offset: number;
  size: number;
  /** The class type indicator byte (e.g. 0x1f root, 0x2f volume, 0x31 directory, 0x32 file). */
  classType: number;
}

export type ShellItem =
  | (ShellItemBase & { kind: 'root'; clsid: string; folder: string | null })
  | (ShellItemBase & { kind: 'volume'; name: string | null; clsid?: string })
  | (ShellItemBase & {
      kind: 'fileEntry';
      isDirectory: boolean;
      /** The 8.3 (or ANSI) name stored in the item. */
      shortName: string;
      /** From the BEEF0004 extension when present; otherwise the short name. */
      name: string;
      fileSize: number;
      /** DOS date/time (local, 2-second resolution) as stored; ISO without zone. */
      modified: string | null;
      attributes: number;
      extensions: ShellItemExtension[];
    })
  | (ShellItemBase & { kind: 'network'; location: string; description: string | null; comments: string | null })
  | (ShellItemBase & { kind: 'controlPanel'; clsid: string; name: string | null })
  | (ShellItemBase & { kind: 'uri'; uri: string })
  | (ShellItemBase & { kind: 'delegate'; delegateClsid: string; itemClsid: string; inner: ShellItem | null })
  | (ShellItemBase & { kind: 'usersPropertyView'; name: string | null; knownFolder: string | null; properties: PropertyValue[] })
  | (ShellItemBase & { kind: 'unknown'; note: string });

/** DRIVE_* names of VolumeID.DriveType. */
export type DriveType = 'unknown' | 'no-root-dir' | 'removable' | 'fixed' | 'remote' | 'cdrom' | 'ramdisk';

export interface VolumeId {
  driveType: DriveType;
  /** 8 upper-case hex digits, e.g. "1C8A1F6E" (lnkinfo prints 0x1c8a1f6e). */
  driveSerialNumber: string;
  volumeLabel: string;
}

export interface CommonNetworkRelativeLink {
  netName: string;
  deviceName: string | null;
  /** WNNC_NET_* name when known (e.g. "WNNC_NET_LANMAN"), else the hex value. */
  networkProviderType: string | null;
}

export interface LinkInfo {
  flags: number;
  volume: VolumeId | null;
  localBasePath: string | null;
  network: CommonNetworkRelativeLink | null;
  commonPathSuffix: string | null;
}

/** StringData, each absent unless its flag is set. */
export interface LinkStrings {
  description: string | null;
  relativePath: string | null;
  workingDirectory: string | null;
  arguments: string | null;
  iconLocation: string | null;
}

/** One value of a serialized property store (MS-PROPSTORE). */
export interface PropertyValue {
  formatId: string;
  /** Numeric id, or the name for string-named property sets. */
  id: number | string;
  /** Canonical name when the (format id, id) pair is well known, e.g. "System.ItemNameDisplay". */
  name: string | null;
  /** VT_* type name, e.g. "VT_LPWSTR". */
  type: string;
  value: string | number | boolean | null;
}

export interface TrackerData {
  machineId: string;
  droidVolumeId: string;
  droidFileId: string;
  birthDroidVolumeId: string;
  birthDroidFileId: string;
  /** From the droid file id when it is a version 1 (time-based) GUID: the MAC address and the time. */
  macAddress: string | null;
  droidTime: IsoTime;
}

export type ExtraDataBlock = { offset: number; size: number; signature: number } & (
  | { kind: 'environment'; target: string }
  | { kind: 'iconEnvironment'; target: string }
  | { kind: 'darwin'; darwinId: string }
  | { kind: 'tracker'; tracker: TrackerData }
  | { kind: 'knownFolder'; folderId: string; folderName: string | null; itemOffset: number }
  | { kind: 'specialFolder'; folderId: number; folderName: string | null; itemOffset: number }
  | { kind: 'propertyStore'; properties: PropertyValue[] }
  | {
      kind: 'console';
      fillAttributes: number;
      screenBufferSize: [number, number];
      windowSize: [number, number];
      faceName: string;
      fontSize: number;
      quickEdit: boolean;
      insertMode: boolean;
      historyBufferSize: number;
    }
  | { kind: 'consoleFe'; codePage: number }
  | { kind: 'vistaIdList'; items: ShellItem[] }
  | { kind: 'shim'; layerName: string }
  | { kind: 'unknown' }
);

/** Where the link points, resolved from every structure that names it. */
export interface LinkTarget {
  /** local: a drive path; network: a UNC path or share; removable: local path on a removable/CD drive; shell: only shell items (no file system path). */
  kind: 'local' | 'network' | 'removable' | 'shell';
  /** Best full path: LinkInfo local base path + suffix, network share + suffix, environment block, or the ID list joined. */
  path: string | null;
  /** Which structure `path` came from. */
  source: 'linkInfo' | 'network' | 'environment' | 'idList' | 'relativePath' | null;
}

export interface ShellLink {
  header: LinkHeader;
  idList: ShellItem[];
  /** The ID list as a path ("My Computer\\C:\\Windows\\notepad.exe"); null without an ID list. */
  idListPath: string | null;
  linkInfo: LinkInfo | null;
  strings: LinkStrings;
  extraData: ExtraDataBlock[];
  target: LinkTarget;
  /** Convenience copies of the extra data most analyses need. */
  tracker: TrackerData | null;
  environmentTarget: string | null;
  /** Bytes of the link structure, and what follows it (an appended payload when > 0). */
  linkSize: number;
  appendedBytes: number;
  warnings: ParseWarning[];
}

/** One DestList entry (automaticDestinations-ms), versions 1 (Windows 7/8), 3 and 4 (Windows 10/11). */
export interface DestListEntry {
  /** Offset of the entry in the DestList stream. */
  offset: number;
  entryNumber: number;
  /** The stream holding this entry's link: the entry number in lower-case hex. */
  streamName: string;
  /** 0-based position in the MRU list (0 = most recent); null when the entry is not in it. */
  mruPosition: number | null;
  hostname: string;
  droidVolumeId: string;
  droidFileId: string;
  birthDroidVolumeId: string;
  birthDroidFileId: string;
  macAddress: string | null;
  lastAccess: IsoTime;
  /** Pin position, or null when not pinned (stored as -1). */
  pinned: number | null;
  /** Access count (version ≥ 3 stores it; v1 entries hold a float score instead: null). */
  accessCount: number | null;
  path: string;
}

export interface DestList {
  version: number;
  entryCount: number;
  pinnedCount: number;
  lastEntryNumber: number;
  entries: DestListEntry[];
}

export interface JumpListEntry {
  streamName: string;
  destList: DestListEntry | null;
  link: ShellLink | null;
  /** Why the link could not be parsed (the entry is still listed). */
  error: string | null;
}

export interface AutomaticDestinations {
  kind: 'automaticDestinations';
  /** 16 hex digits from the file name when it has one, lower-case. */
  appId: string | null;
  destList: DestList | null;
  entries: JumpListEntry[];
  warnings: ParseWarning[];
}

export interface CustomCategory {
  /** 0: custom (named), 1: known (frequent/recent), 2: tasks. */
  type: 'custom' | 'known' | 'tasks';
  name: string | null;
  /** Known category id (1 frequent, 2 recent). */
  knownCategory: number | null;
  offset: number;
  links: ShellLink[];
}

export interface CustomDestinations {
  kind: 'customDestinations';
  appId: string | null;
  categories: CustomCategory[];
  footerFound: boolean;
  /** Bytes after the footer. */
  appendedBytes: number;
  warnings: ParseWarning[];
}

export interface LinkFile {
  kind: 'link';
  link: ShellLink;
}

/** What `parseShortcutFile` returns for any input it recognises. */
export type ShortcutFile = LinkFile | AutomaticDestinations | CustomDestinations;
export type ShortcutFileKind = ShortcutFile['kind'];

/**
 * One searchable, analysable item: a standalone link, one Jump List entry (its link and DestList
 * entry), or one link of a custom Jump List category.
 */
export interface ShortcutRecord {
  container: ShortcutFileKind;
  appId: string | null;
  /** The entry within its container: the stream name (automatic), "<category index>/<link index>" (custom); null for a standalone link. */
  entry: string | null;
  /** Custom Jump List category name, or "Tasks" / "Frequent" / "Recent". */
  category: string | null;
  link: ShellLink | null;
  destList: DestListEntry | null;
  /** Why the entry's link could not be read. */
  error: string | null;
}
