import type { ShellLink, TrackerData } from '@quarry/shortcuts';
import { implausibleName, quoteValue, timeMs } from '../common/plausibility.js';
import type { ImplausibleItems } from '../pipeline/implausible-items.js';
import type { InputRef } from '../pipeline/input.js';
import type { ShortcutJobRecord } from '../pipeline/records.js';
import { applicationLabel } from './app-ids.js';

export type TargetKind = 'local' | 'network' | 'removable' | 'shell' | 'unknown';

/** What the shortcut result types keep of one record: a link, a Jump List entry or a custom-category link. */
export interface ShortcutEntry {
  input: InputRef;
  /** The file inside a zip input, or null. */
  member: string | null;
  /** The file as cells name it: the input's name, or `<zip>/<member>` (as the Shortcut Table). */
  source: string;
  /** The link's own file name (the member's inside a zip), which S6 and S8 read. */
  fileName: string;
  /** 1-based position of the input in the job (the Timeline's record_id, as for prefetch). */
  recordId: number;
  container: ShortcutJobRecord['container'];
  appId: string | null;
  /** The AppID's application, or `Unknown (<appid>)`; null for a standalone link. */
  application: string | null;
  /** Stream name (automatic) or `<category>/<link>` (custom); null for a standalone link. */
  entry: string | null;
  category: string | null;
  targetPath: string;
  targetKind: TargetKind;
  idListPath: string;
  arguments: string;
  workingDirectory: string;
  iconLocation: string;
  iconIndex: number | null;
  description: string;
  relativePath: string;
  environmentTarget: string;
  iconEnvironment: string;
  /** Target times (Unix ms), null when not set (or unset by the reader as implausible). */
  created: number | null;
  modified: number | null;
  accessed: number | null;
  size: number | null;
  attributes: string[];
  driveType: string | null;
  volumeSerial: string | null;
  volumeLabel: string | null;
  /** `\\server\share` of a network target. */
  share: string | null;
  deviceName: string | null;
  /** Tracker block, or the DestList entry's copy for a Jump List entry without one. */
  tracker: EntryTracker | null;
  /** DestList facts (automatic Jump Lists). */
  lastAccess: number | null;
  accessCount: number | null;
  pinned: number | null;
  /** Bytes after the link structure (an appended payload when > 0). */
  appendedBytes: number;
  /** Why the entry's link could not be read. */
  error: string | null;
}

/** The parser's tracker fields (without the droid time), and which structure gave them. */
export type EntryTracker = Omit<TrackerData, 'droidTime'> & { source: 'tracker block' | 'DestList' };

/** `\\server\share` of a UNC path, or null. */
export function uncShare(path: string): string | null {
  const m = /^\\\\([^\\]+)\\([^\\]+)/.exec(path);
  return m ? `\\\\${m[1]}\\${m[2]}` : null;
}

function targetKind(link: ShellLink | null, path: string): TargetKind {
  if (link) return link.target.kind;
  if (path.startsWith('\\\\')) return 'network';
  if (/^[a-z]:\\/i.test(path)) return 'local';
  return path ? 'shell' : 'unknown';
}

/**
 * The entry of one record. The reader has already unset times and emptied paths no correct
 * decoder emits (plausible-record.ts); a tracker machine id with broken characters is left out
 * here, and reported like them.
 */
export function toEntry(record: ShortcutJobRecord, input: InputRef, implausible: ImplausibleItems): ShortcutEntry {
  const link = record.link;
  const dest = record.destList;
  const member = record.member ?? null;
  const time = (iso: string | null | undefined): number | null => {
    const ms = timeMs(iso);
    return ms !== null && Number.isFinite(ms) ? ms : null;
  };
  const targetPath = link?.target.path ?? (dest?.path || '');
  const volume = link?.linkInfo?.volume ?? null;
  const network = link?.linkInfo?.network ?? null;
  const iconEnv = link?.extraData.find((b) => b.kind === 'iconEnvironment');
  const t = link?.tracker ?? null;
  const tracker: EntryTracker | null = t
    ? { ...t, source: 'tracker block' }
    : dest && (dest.hostname || dest.droidFileId)
      ? {
          machineId: dest.hostname,
          droidVolumeId: dest.droidVolumeId,
          droidFileId: dest.droidFileId,
          birthDroidVolumeId: dest.birthDroidVolumeId,
          birthDroidFileId: dest.birthDroidFileId,
          macAddress: dest.macAddress,
          source: 'DestList',
        }
      : null;
  const badMachine = tracker ? implausibleName(tracker.machineId) : null;
  if (tracker && badMachine) {
    const at = `${member ? `${member}: ` : ''}${record.entry === null ? 'the link' : `entry ${record.entry}`}`;
    implausible.add({ input, structure: `${tracker.source} machine id`, offset: at, reason: `${badMachine} in ${quoteValue(tracker.machineId)}` });
    tracker.machineId = '';
  }

  return {
    input,
    member,
    source: member ? `${input.name}/${member}` : input.name,
    fileName: member ?? input.name,
    recordId: input.position + 1,
    container: record.container,
    appId: record.appId,
    application: record.appId === null ? null : applicationLabel(record.appId),
    entry: record.entry,
    category: record.category,
    targetPath,
    targetKind: targetKind(link, targetPath),
    idListPath: link?.idListPath ?? '',
    arguments: link?.strings.arguments ?? '',
    workingDirectory: link?.strings.workingDirectory ?? '',
    iconLocation: link?.strings.iconLocation ?? '',
    iconIndex: link ? link.header.iconIndex : null,
    description: link?.strings.description ?? '',
    relativePath: link?.strings.relativePath ?? '',
    environmentTarget: link?.environmentTarget ?? '',
    iconEnvironment: iconEnv?.kind === 'iconEnvironment' ? iconEnv.target : '',
    created: time(link?.header.creationTime),
    modified: time(link?.header.writeTime),
    accessed: time(link?.header.accessTime),
    size: link ? link.header.fileSize : null,
    attributes: link?.header.attributes ?? [],
    driveType: volume?.driveType ?? null,
    volumeSerial: volume?.driveSerialNumber ?? null,
    volumeLabel: volume?.volumeLabel ?? null,
    share: network?.netName ?? (targetPath.startsWith('\\\\') ? uncShare(targetPath) : null),
    deviceName: network?.deviceName ?? null,
    tracker,
    lastAccess: time(dest?.lastAccess),
    accessCount: dest?.accessCount ?? null,
    pinned: dest?.pinned ?? null,
    appendedBytes: link?.appendedBytes ?? 0,
    error: record.error,
  };
}

/** Every time the entry holds (target times and the Jump List access), for ranges. */
export function entryTimes(e: ShortcutEntry): number[] {
  return [e.created, e.modified, e.accessed, e.lastAccess].filter((t): t is number => t !== null);
}

/** The latest time of the entry, for ordering tables newest first. */
export function latestTime(e: ShortcutEntry): number | null {
  const times = entryTimes(e);
  return times.length === 0 ? null : Math.max(...times);
}
