import { applicationLabel, type InputRef, type ShortcutJobRecord } from '@quarry/insights';
import { evidenceTypes } from '@quarry/vocabulary';
import { encodeTagged } from '../codec.js';
import { formatUtc, isoToMs } from '../time-format.js';
import { cell, type FieldSql, type RowShape } from './shape.js';

type Cell = string | number | null | undefined;

/** The detail cells of a row: SQL column, detail key (the descriptor's detailKeys, in order) and value. */
const DETAILS: readonly (readonly [column: string, key: string, value: (r: ShortcutJobRecord) => Cell])[] = [
  ['container', 'Container', (r) => r.container],
  ['app_id', 'AppId', (r) => r.appId],
  // The shipped AppID table's name, or `Unknown (<appid>)`, as the result types show it.
  ['application', 'Application', (r) => (r.appId ? applicationLabel(r.appId) : null)],
  ['category', 'Category', (r) => r.category],
  ['target_kind', 'TargetKind', (r) => r.link?.target.kind],
  ['working_directory', 'WorkingDirectory', (r) => r.link?.strings.workingDirectory],
  ['icon_location', 'IconLocation', (r) => r.link?.strings.iconLocation],
  ['description', 'Description', (r) => r.link?.strings.description],
  ['environment_target', 'EnvironmentTarget', (r) => r.link?.environmentTarget],
  ['drive_type', 'DriveType', (r) => r.link?.linkInfo?.volume?.driveType],
  ['volume_serial', 'VolumeSerial', (r) => r.link?.linkInfo?.volume?.driveSerialNumber],
  ['volume_label', 'VolumeLabel', (r) => r.link?.linkInfo?.volume?.volumeLabel],
  ['network_share', 'NetworkShare', (r) => r.link?.linkInfo?.network?.netName],
  // The tracker block's NetBIOS name; a Jump List entry without one has the DestList's host name.
  ['machine_id', 'MachineId', (r) => r.link?.tracker?.machineId ?? r.destList?.hostname],
  ['mac_address', 'MacAddress', (r) => r.link?.tracker?.macAddress ?? r.destList?.macAddress],
  ['target_created', 'TargetCreated', (r) => formatUtc(isoToMs(r.link?.header.creationTime))],
  ['target_modified', 'TargetModified', (r) => formatUtc(isoToMs(r.link?.header.writeTime))],
  ['target_accessed', 'TargetAccessed', (r) => formatUtc(isoToMs(r.link?.header.accessTime))],
  ['file_size', 'FileSize', (r) => r.link?.header.fileSize],
  ['attributes', 'Attributes', (r) => r.link?.header.attributes.join(', ')],
  ['last_access', 'LastAccess', (r) => formatUtc(isoToMs(r.destList?.lastAccess))],
  ['access_count', 'AccessCount', (r) => r.destList?.accessCount],
  ['pinned', 'Pinned', (r) => r.destList?.pinned],
  ['hostname', 'Hostname', (r) => r.destList?.hostname],
  ['appended_bytes', 'AppendedBytes', (r) => (r.link && r.link.appendedBytes > 0 ? r.link.appendedBytes : null)],
  ['error', 'Error', (r) => r.error],
];

/** The visible cells before the details: Source, Entry, Target Path, Arguments. */
const LEADING = ['source', 'entry', 'target_path', 'arguments'] as const;

const scalar = (expr: string): FieldSql => ({ kind: 'scalar', expr, params: [] });

/** Filter field -> column: the descriptor's top-level names, and every detail by its key. */
const FIELDS: Record<string, FieldSql> = Object.fromEntries([
  ...LEADING.map((c) => [c, scalar(c)] as const),
  ...['machine_id', 'volume_serial', 'drive_type', 'app_id', 'application'].map((c) => [c, scalar(c)] as const),
  ...DETAILS.map(([column, key]) => [`details.${key.toLowerCase()}`, scalar(column)] as const),
]);

/** Where the record came from: the input, or the member path inside a zip input. */
const sourceOf = (r: ShortcutJobRecord, input: InputRef): string => (r.member ? `${input.name}/${r.member}` : input.name);

/** The target as shown: the link's resolved path, else the path the DestList keeps for the entry. */
const targetOf = (r: ShortcutJobRecord): string => r.link?.target.path ?? r.destList?.path ?? '';

/** Every time a window may match: the target's three times and the Jump List entry's last access. */
function timesOf(r: ShortcutJobRecord): number[] {
  const h = r.link?.header;
  return [h?.creationTime, h?.writeTime, h?.accessTime, r.destList?.lastAccess].flatMap((t) => {
    const ms = isoToMs(t);
    return ms === null ? [] : [ms];
  });
}

/**
 * "Shortcut Table": one row per standalone link, Jump List entry or custom-category link. Its
 * times are the target's created/modified/accessed times and the entry's last access (a window
 * matches when any falls in it); it sorts by the latest.
 */
export const lnkShape: RowShape<'lnk'> = {
  category: 'lnk',
  title: evidenceTypes.lnk.search.title,
  columns: evidenceTypes.lnk.search.columns,
  sqlColumns: [...LEADING, ...DETAILS.map(([column]) => column)].map((name) => ({ name, type: 'TEXT' as const })),
  indexed: [],
  severalTimes: evidenceTypes.lnk.search.time.several,
  rowsOf(record, input) {
    const times = timesOf(record);
    const leading = [sourceOf(record, input), record.entry ?? '', targetOf(record), record.link?.strings.arguments ?? ''];
    const details = DETAILS.map(([, , value]) => cell(value(record)));
    return [
      {
        time: times.length ? Math.max(...times) : null,
        times,
        values: [...leading, ...details],
        parts: [...leading, ...details].filter((p) => p !== ''),
      },
    ];
  },
  payloadOf(record) {
    return encodeTagged(record);
  },
  entryOf(values) {
    const cells = values.map(cell);
    const details = Object.fromEntries(DETAILS.map(([, key], i) => [key, cells[LEADING.length + i] ?? '']));
    return [cells.slice(0, LEADING.length), details];
  },
  field(name) {
    return FIELDS[name.toLowerCase()];
  },
  rebuilder: () => ({ record: (payload) => payload as ShortcutJobRecord }),
};
