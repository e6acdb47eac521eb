import type { Dataset } from '../dataset/format.js';

export interface EventTemplate {
  provider: string;
  eventId: number;
  version: number;
  /** Message with `{FieldName}` inserts; `{?}` marks an insert whose field is unknown. */
  template: string;
  /** Data field names, in manifest order where known. */
  fields: string[];
}

const indexes = new WeakMap<Dataset, Map<string, number>>();

function key(provider: string, eventId: number, version: number): string {
  return `${provider.toLowerCase()}\0${eventId}\0${version}`;
}

/** (provider, id, version) -> row, built once per loaded dataset, on first use. */
function indexOf(ds: Dataset): Map<string, number> {
  let index = indexes.get(ds);
  if (!index) {
    index = new Map();
    for (let r = 0; r < ds.rowCount; r++) {
      const cell = (c: number) => ds.strings[ds.cells[r * ds.width + c]!]!;
      if (cell(2) === '') continue; // version unknown: can never match a record
      index.set(key(cell(3), Number(cell(0)), Number(cell(2))), r);
    }
    indexes.set(ds, index);
  }
  return index;
}

/**
 * The message template of one event, for rendering an EVTX record's Message: exact provider
 * (case-insensitive), event id (qualifiers already masked off) and version, or undefined.
 */
export function findEventTemplate(ds: Dataset, provider: string, eventId: number, version: number): EventTemplate | undefined {
  if (ds.module !== 'event_id') return undefined;
  const templateColumn = ds.columns.indexOf('Template');
  const row = indexOf(ds).get(key(provider, eventId & 0xffff, version));
  if (row === undefined || templateColumn < 0) return undefined;
  const cell = (c: number) => ds.strings[ds.cells[row * ds.width + c]!]!;
  const template = cell(templateColumn);
  if (!template) return undefined;
  const fields = cell(5);
  return { provider: cell(3), eventId: Number(cell(0)), version: Number(cell(2)), template, fields: fields ? fields.split('|') : [] };
}

/**
 * Fills a template's inserts from a record's data. An insert with no value (or `{?}`) renders as
 * "-", which is what Event Viewer shows for an empty insert, rather than the raw placeholder.
 */
export function renderEventMessage(template: string, value: (field: string) => string | undefined): string {
  return template.replace(/\{([^{}]+)\}/g, (_all, name: string) => (name === '?' ? '-' : (value(name) ?? '-')));
}
