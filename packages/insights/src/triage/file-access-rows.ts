import type { ArtifactType } from '@quarry/vocabulary';
import { maxImportance } from '../common/importance.js';
import type { Importance } from '../types.js';
import { cellImportance, cellTime, rowLink, tableRows, type TableRow } from './facts/table-rows.js';
import type { HostState } from './host-state.js';
import type { TimeKind } from './model.js';
import { memberUsers, userOfMember } from './file-access-users.js';
import { normalisePath } from './normalise-path.js';

/** One access to a path, as one per-type row tells it. */
export interface Access {
  type: ArtifactType;
  /** The per-type insight's own title. */
  title: string;
  row: number;
  member: string;
  user: string | null;
  /** `Removable serial 1A484CB6 "USB"`, or '' when the row says nothing of the volume. */
  volume: string;
  driveType: string;
  times: { kind: TimeKind; time: number }[];
  importance: Importance;
  reasons: string[];
  /** Other per-type rows about the same access (its volume's row in "Removable & Network Media"). */
  related: string[];
}

/** One path and every access to it. */
export interface PathAccess {
  /** normalisePath of the path: the join key. */
  key: string;
  /** The path as first shown by a source. */
  path: string;
  accesses: Access[];
}

/** `My Computer\C:\x`, `This PC\C:\x` (ShellBags, OpenSave MRUs) are `C:\x`; other shell namespaces stay as they are. */
export function shellPath(path: string): string {
  return path.replace(/^(My Computer|Computer|This PC)\\(?=[A-Za-z]:)/i, '');
}

/** User Activity sources that record a file or folder opened, saved or typed (UserAssist and BAM are executions). */
const ACCESS_SOURCE = /^(RecentDocs|OpenSavePidlMRU|LastVisitedPidlMRU|Office .* File MRU|TypedPaths|RunMRU)/;

/** What a User Activity row's Last Used is, by source: RunMRU and TypedPaths are typed, the others opened. */
const activityKind = (source: string): TimeKind => (/^(TypedPaths|RunMRU)/.test(source) ? 'event' : 'accessed');

type Collect = (a: Omit<Access, 'reasons' | 'related'> & { reasons?: string[]; related?: string[] }, path: string) => void;

/** "Removable & Network Media" rows by volume serial and by share, for the links of the accesses on them. */
function mediaRows(state: HostState): Map<string, string> {
  const title = 'Removable & Network Media';
  const out = new Map<string, string>();
  for (const { row, cells: c } of tableRows(state.insight('lnk', title))) {
    const link = rowLink('lnk', title, row);
    if (c['Volume Serial']) out.set(`serial ${c['Volume Serial']}`, link);
    if (c['Share']) out.set(`share ${c['Share'].toLowerCase()}`, link);
  }
  return out;
}

function fromLinks(state: HostState, add: Collect): void {
  const users = memberUsers(state, 'lnk');
  const suspicious = new Map<string, { importance: Importance; reasons: string }>();
  for (const { cells: c } of tableRows(state.insight('lnk', 'Suspicious Shortcuts')))
    suspicious.set(`${c['Source File']}|${c['Entry']}|${c['Target Path']}`, { importance: cellImportance(c['Importance']), reasons: c['Reasons'] ?? '' });
  const media = mediaRows(state);
  const title = 'Opened Files & Folders';
  for (const { row, cells: c } of tableRows(state.insight('lnk', title))) {
    const path = c['Target Path'] ?? '';
    if (path === '') continue;
    const member = c['Source File'] ?? '';
    const times: Access['times'] = [];
    for (const [column, kind] of [
      ['Target Created', 'created'],
      ['Target Modified', 'modified'],
      ['Target Accessed', 'accessed'],
      ['Last Access', 'accessed'],
    ] as const) {
      const t = cellTime(c[column]);
      if (t !== null) times.push({ kind, time: t });
    }
    const drive = c['Share'] ? 'Network' : (c['Drive Type'] ?? '');
    const volume = [
      drive,
      c['Volume Serial'] ? `serial ${c['Volume Serial']}` : '',
      c['Volume Label'] ? `"${c['Volume Label']}"` : '',
      c['Share'] ? `share ${c['Share']}` : '',
    ]
      .filter(Boolean)
      .join(' ');
    const flagged = suspicious.get(`${member}|${c['Entry']}|${path}`);
    const onMedia = drive === 'Removable' || drive === 'Network' || drive === 'CD-ROM';
    const mediaLink = onMedia ? (media.get(`serial ${c['Volume Serial'] ?? ''}`) ?? media.get(`share ${(c['Share'] ?? '').toLowerCase()}`)) : undefined;
    add(
      {
        type: 'lnk',
        title,
        row,
        member,
        user: userOfMember(users, member),
        volume,
        driveType: drive,
        times,
        importance: flagged?.importance ?? 'Informational',
        reasons: flagged?.reasons ? [flagged.reasons] : [],
        related: mediaLink ? [mediaLink] : [],
      },
      path,
    );
  }
}

function fromRegistry(state: HostState, add: Collect): void {
  const bags = 'User Activity: ShellBags';
  for (const { row, cells: c } of tableRows(state.insight('registry', bags))) {
    const t = cellTime(c['Last Write']);
    add(registryAccess(bags, row, c, t === null ? [] : [{ kind: 'key written', time: t }]), shellPath(c['Path'] ?? ''));
  }
  const activity = 'User Activity';
  for (const r of tableRows(state.insight('registry', activity))) {
    const source = r.cells['Source'] ?? '';
    if (!ACCESS_SOURCE.test(source)) continue;
    const t = cellTime(r.cells['Last Used']);
    add(registryAccess(activity, r.row, r.cells, t === null ? [] : [{ kind: activityKind(source), time: t }]), shellPath(r.cells['Item'] ?? ''));
  }
}

function registryAccess(title: string, row: TableRow['row'], c: Record<string, string>, times: Access['times']): Omit<Access, 'reasons' | 'related'> {
  return {
    type: 'registry',
    title,
    row,
    member: c['Hive'] ?? '',
    user: c['User'] || null,
    volume: '',
    driveType: '',
    times,
    importance: cellImportance(c['Importance']),
  };
}

/**
 * The join key of an accessed path: normalisePath, with the drive letter kept, since the same folder
 * on C: and on a USB stick's F: are two places (`F:` alone, a volume root, is `f:`).
 */
export function accessKey(path: string): string {
  const drive = /^\s*"?([a-z]:)/i.exec(path)?.[1]?.toLowerCase() ?? '';
  return `${drive}${normalisePath(path)}`;
}

/** Every path the collection shows as opened, browsed, saved or typed, one entry per normalised path. */
export function pathAccesses(state: HostState): PathAccess[] {
  return state.memo('file-access:paths', () => {
    const byKey = new Map<string, PathAccess>();
    const add: Collect = (a, path) => {
      const key = accessKey(path);
      if (key === '') return;
      const entry = byKey.get(key) ?? { key, path, accesses: [] };
      entry.accesses.push({ ...a, reasons: a.reasons ?? [], related: a.related ?? [] });
      byKey.set(key, entry);
    };
    fromLinks(state, add);
    fromRegistry(state, add);
    return [...byKey.values()];
  });
}

/** The row link of an access: `<type label> · <title>#row-<n>`. */
export const accessLink = (a: Access): string => rowLink(a.type, a.title, a.row);

/** The highest importance among a path's accesses. */
export const accessImportance = (p: PathAccess): Importance => p.accesses.reduce<Importance>((m, a) => maxImportance(m, a.importance), 'Informational');
