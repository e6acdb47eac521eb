import { Hive } from '@quarry/registry';
import type { HiveRef } from '@quarry/insights';
import type { RegistryKey } from '@quarry/registry';
import { unpackChunk } from '../codec.js';
import type { StoredTables, WriteContext } from './shape.js';

/*
 * A live registry key kept as its place in its stored hive (as EVTX records are kept in their
 * chunk): the hive's bytes as parsed (logs replayed) are stored once, compressed in pieces in the
 * `chunks` table, and the key's payload is its key node's offset and its path. Reading it back
 * opens those bytes again and builds the key at that offset, which gives the key the walk gave:
 * same bytes, same decoder. Keys the walk alone says something about (warnings) and deleted keys
 * keep their JSON.
 */

/** Bytes per stored piece of a hive (a SQLite row each; a hive may be up to 2 GiB). */
export const HIVE_PIECE = 1024 * 1024;

/** Where a hive's bytes are in the chunks table: the first piece's id and the number of pieces. */
export type HivePieces = [first: number, count: number];

/** The bytes a hive's keys can be read again from, or undefined when they cannot be (a stand-in hive, or bytes a new Hive would refuse). */
export function placeableBytes(ref: HiveRef): Buffer | undefined {
  const { data, baseBlock } = ref.hive as Partial<Hive>;
  if (!Buffer.isBuffer(data) || baseBlock === undefined) return undefined;
  // new Hive() refuses a file whose valid base block says it is a log (replay can give a new base block).
  if (baseBlock.checksumValid && baseBlock.fileType !== 0) return undefined;
  return data;
}

/** Stores a hive's bytes in pieces (their ids are consecutive). */
export function storeHiveBytes(data: Buffer, ctx: WriteContext): HivePieces {
  let first = 0;
  let count = 0;
  for (let at = 0; at < data.length; at += HIVE_PIECE) {
    const id = ctx.chunkId({ index: count, bytes: data.subarray(at, at + HIVE_PIECE), packHere: true });
    if (count === 0) first = id;
    count++;
  }
  return [first, count];
}

/**
 * Whether a key read from these bytes would come back as it is (see above). A key without a
 * security summary keeps its JSON too: an unreadable security cell is reported on the first key
 * that points at it, which a key read alone may or may not be.
 */
export function keptAsPlace(key: RegistryKey): boolean {
  return !key.deleted && key.warnings.length === 0 && key.security !== null;
}

/** A stored hive's bytes, opened again. */
export function openStoredHive(tables: StoredTables, [first, count]: HivePieces): Hive {
  const pieces: Buffer[] = [];
  for (let id = first; id < first + count; id++) {
    const stored = tables.chunk(id);
    if (stored === undefined) throw new Error(`record store has no hive piece ${id}`);
    pieces.push(unpackChunk(stored[1]));
  }
  return new Hive(Buffer.concat(pieces));
}
