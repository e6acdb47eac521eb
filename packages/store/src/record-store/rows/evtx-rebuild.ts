import { ChunkRecords, type EvtxRecord, type JsonObject } from '@quarry/evtx';
import { unpackChunk } from '../codec.js';
import type { EvtxPayload } from './evtx-shape.js';
import type { RecordRebuild, StoredTables } from './shape.js';

function evtxRecord(p: EvtxPayload): EvtxRecord {
  const record: EvtxRecord = {
    recordId: p.r,
    timestamp: new Date(p.t),
    timestampText: p.tt,
    offset: p.o,
    chunk: p.c,
    event: p.e as JsonObject,
    warnings: p.w as EvtxRecord['warnings'],
  };
  if (p.v) record.recovered = true;
  return record;
}

/**
 * EVTX records from their JSON payload, or read again from their stored chunk (records() reads a chunk's records one after another, so the last one is
 * kept).
 */
export function evtxRebuild(tables: StoredTables): RecordRebuild<'winevtx'> {
  let last: { id: number; records: ChunkRecords } | undefined;
  return {
    record: (payload) => evtxRecord(payload as EvtxPayload),
    chunkRecord(id, offset) {
      if (last?.id !== id) {
        const stored = tables.chunk(id);
        if (stored === undefined) throw new Error(`record store has no chunk ${id}`);
        last = { id, records: new ChunkRecords(unpackChunk(stored[1]), stored[0]) };
      }
      return last.records.record(offset);
    },
  };
}
