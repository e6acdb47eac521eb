import { chunked } from './chunks.js';
import { csvRows, type CsvOptions } from './csv.js';
import { eventData, systemOf, userData } from './evtx-fields.js';
import { jsonLine } from './json-line.js';
import type { RowSource, SigmaMatch } from './sources.js';

/**
 * The columns of Hayabusa's default output profile (config/default_profile.yaml, the `standard`
 * profile of its profiles.yaml), in its order, then RuleID (its `%RuleID%` alias): what
 * `csv-timeline` writes by default with the rule id added, so Hayabusa workflows (Timeline
 * Explorer layouts, Takajo) read the export as theirs.
 */
export const HAYABUSA_COLUMNS = [
  'Timestamp',
  'RuleTitle',
  'Level',
  'Computer',
  'Channel',
  'EventID',
  'RecordID',
  'Details',
  'ExtraFieldInfo',
  'RuleID',
] as const;

/** Hayabusa's abbreviations of Sigma levels in its timelines (README, "Level Abbreviations"). */
const LEVEL_ABBREVIATIONS: Readonly<Record<string, string>> = { critical: 'crit', high: 'high', medium: 'med', low: 'low', informational: 'info' };

/** A rule level as Hayabusa's timelines write it; a level it does not know as it is. */
export const hayabusaLevel = (level: string): string => LEVEL_ABBREVIATIONS[level] ?? level;

/** Hayabusa's separator between `Name: value` pairs in Details and ExtraFieldInfo. */
const SEPARATOR = ' ¦ ';

/**
 * Hayabusa's timestamp (`YYYY-MM-DD HH:mm:ss.sss +hh:mm`), in UTC as its `--UTC` option writes it;
 * the event's SystemTime truncated to milliseconds. Empty when the event has no valid time.
 */
export function hayabusaTimestamp(systemTime: string | undefined): string {
  const m = systemTime === undefined ? null : /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}:\d{2})(?:\.(\d{1,9}))?Z$/.exec(systemTime);
  if (!m) return '';
  return `${m[1]} ${m[2]}.${(m[3] ?? '').padEnd(3, '0').slice(0, 3)} +00:00`;
}

export type HayabusaColumn = (typeof HAYABUSA_COLUMNS)[number];

/** One match as Hayabusa's columns, with the event's fields and those Details leaves out. */
export interface HayabusaRow {
  row: Record<HayabusaColumn, string>;
  fields: Record<string, string>;
  extra: Record<string, string>;
}

/** One match as Hayabusa's columns: the event's fields (EventData, UserData) as Details unless the match brings its own. */
export function hayabusaRow(m: SigmaMatch): HayabusaRow {
  const sys = systemOf(m.event);
  const fields = { ...eventData(m.event), ...(userData(m.event)?.fields ?? {}) };
  const pairs = (o: Record<string, string>): string =>
    Object.entries(o)
      .map(([k, v]) => `${k}: ${v}`)
      .join(SEPARATOR);
  // What Details does not show goes to ExtraFieldInfo, as in Hayabusa.
  const extra = m.details === undefined ? {} : Object.fromEntries(Object.entries(fields).filter(([k]) => !m.details!.includes(`${k}: `)));
  return {
    row: {
      Timestamp: hayabusaTimestamp(sys.time),
      Computer: sys.computer ?? '',
      Channel: sys.channel ?? '',
      EventID: sys.eventId === undefined ? '' : String(sys.eventId),
      Level: hayabusaLevel(m.rule.level),
      RecordID: sys.recordId === undefined ? '' : String(sys.recordId),
      RuleTitle: m.rule.title,
      Details: m.details ?? pairs(fields),
      ExtraFieldInfo: pairs(extra),
      RuleID: m.rule.id,
    },
    fields,
    extra,
  };
}

/** Sigma matches as Hayabusa's CSV timeline (HAYABUSA_COLUMNS), one row per record and rule. */
export function sigmaCsv(matches: RowSource<SigmaMatch>, options: CsvOptions = {}): AsyncGenerator<string> {
  return csvRows(
    HAYABUSA_COLUMNS,
    (async function* () {
      for await (const m of matches) {
        const { row } = hayabusaRow(m);
        yield HAYABUSA_COLUMNS.map((c) => row[c]);
      }
    })(),
    options,
  );
}

/**
 * Sigma matches as Hayabusa's JSONL timeline: the same keys, with Details and ExtraFieldInfo as
 * objects of the event's fields (as its json-timeline writes them) unless the match brings its own Details text.
 */
export function sigmaJsonl(matches: RowSource<SigmaMatch>): AsyncGenerator<string> {
  return chunked(
    (async function* () {
      for await (const m of matches) {
        const { row, fields, extra } = hayabusaRow(m);
        yield jsonLine({ ...row, Details: m.details ?? fields, ExtraFieldInfo: extra });
      }
    })(),
  );
}
