import type { JobRecord } from '@quarry/exports';
import type { RecordOf } from '@quarry/insights';
import type { StoredRecord } from '@quarry/store';
import type { ParseCategory } from '@quarry/vocabulary';

/** Bytes as lowercase hex (registry data and raw bytes), so a JSON line never holds a Buffer's `{type, data}`. */
const hex = (v: unknown): unknown => (Buffer.isBuffer(v) ? v.toString('hex') : v);

/** Each evidence type's record as the JSONL export writes it: EVTX as evtx_dump does, the others as plain JSON. */
const SHAPES: { [C in ParseCategory]: (record: RecordOf<C>, source: string) => Pick<JobRecord, 'record' | 'json' | 'source'> } = {
  winevtx: (r, source) => ({ source, record: r.event, ...(r.jsonText === undefined ? {} : { json: r.jsonText }) }),
  registry: (r) => {
    const { values, ...key } = r.key;
    return {
      source: r.hive.name,
      record: {
        hive: r.hive.name,
        key: { ...key, values: values.map(({ raw, data, ...v }) => ({ ...v, data: hex(data), raw: raw.toString('hex') })) },
      },
    };
  },
  prefetch: (r, source) => ({ source, record: r.result }),
  lnk: (r, source) => ({ source: r.member ? `${source}/${r.member}` : source, record: r }),
  // A Host Timeline fact names the member it was read from.
  triage: (r, source) => ({ source: r.artifact || source, record: { ...r, time: new Date(r.time).toISOString() } }),
};

/** One stored record of a job as the export's JobRecord (EVTX, `winevtx`, is written as evtx_dump writes it). */
export function jobRecordOf<C extends ParseCategory>(category: C, stored: StoredRecord<C>): JobRecord {
  return { category, ...SHAPES[category](stored.record, stored.input.name) };
}
