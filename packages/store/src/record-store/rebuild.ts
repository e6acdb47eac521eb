import { ChunkRecords, type EvtxRecord, type JsonObject } from '@quarry/evtx';
import type { HiveRef, InputRef, RecordOf } from '@quarry/insights';
import type { PrefetchResult } from '@quarry/prefetch';
import type { Hive, RegistryKey } from '@quarry/registry';
import type { ParseCategory } from '@quarry/vocabulary';
import { decodeTagged, unpackChunk } from './codec.js';
import type { EvtxPayload } from './rows/evtx-shape.js';
import { restoreRaw } from './rows/registry-payload.js';
import type { RegistryPayload } from './rows/registry-shape.js';

/** What the store keeps of a hive (HiveRef without the opened hive, plus its base block). */
type StoredHive = Omit<HiveRef, 'hive' | 'input'> & { input: number; baseBlock: Hive['baseBlock'] };

/**
 * Turns stored payloads back into pipeline records. What is lost: registry records' `hive.hive`
 * is a stand-in carrying only `baseBlock` (and empty `warnings`) — the hive's bytes are not kept,
 * so nothing can look other keys up through it. Everything else round-trips.
 */
export class RecordRebuilder<C extends ParseCategory> {
  private readonly hives = new Map<number, HiveRef>();
  /** The EVTX chunk last read (records() reads a chunk's records one after another). */
  private chunk: { id: number; records: ChunkRecords } | undefined;

  constructor(
    private readonly category: C,
    private readonly inputs: ReadonlyMap<number, InputRef>,
    private readonly hiveData: (id: number) => string | undefined,
    /** An EVTX chunk's index in its file and compressed bytes (schema.ts `chunks`). */
    private readonly chunkData: (id: number) => [index: number, data: Uint8Array] | undefined = () => undefined,
  ) {}

  record(payload: unknown): RecordOf<C> {
    switch (this.category) {
      case 'winevtx':
        return evtxRecord(payload as EvtxPayload) as RecordOf<C>;
      case 'prefetch':
        return { result: payload as PrefetchResult } as RecordOf<C>;
      default: {
        const p = payload as RegistryPayload;
        return { hive: this.hive(p.h), key: restoreRaw(p.k as RegistryKey) } as RecordOf<C>;
      }
    }
  }

  /** The EVTX record at file offset `offset` of stored chunk `id`. */
  chunkRecord(id: number, offset: number): RecordOf<C> {
    if (this.chunk?.id !== id) {
      const stored = this.chunkData(id);
      if (stored === undefined) throw new Error(`record store has no chunk ${id}`);
      this.chunk = { id, records: new ChunkRecords(unpackChunk(stored[1]), stored[0]) };
    }
    return this.chunk.records.record(offset) as RecordOf<C>;
  }

  /** One HiveRef object per hive, as the pipeline hands them (analyzers key maps by it). */
  private hive(id: number): HiveRef {
    let ref = this.hives.get(id);
    if (!ref) {
      const text = this.hiveData(id);
      if (text === undefined) throw new Error(`record store has no hive ${id}`);
      const { baseBlock, input, ...rest } = decodeTagged<StoredHive>(text);
      const detached = { baseBlock, originalBaseBlock: baseBlock, warnings: [] } as unknown as Hive;
      ref = { ...rest, input: this.inputs.get(input)!, hive: detached };
      this.hives.set(id, ref);
    }
    return ref;
  }
}

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
