import { createHash } from 'node:crypto';
import { deserialize, serialize } from 'node:v8';

/**
 * Plain data that every task of a job needs (a rule set), serialized once into shared memory:
 * handing it to a task passes a reference, not a copy, and the key says whether the thread
 * already built what it needs from it (see ThreadCache).
 */
export interface SharedData {
  readonly key: string;
  readonly bytes: SharedArrayBuffer;
}

/** Serializes `value` (structured-clone rules, as workerData has them). */
export function shareData(value: unknown): SharedData {
  const raw = serialize(value);
  const bytes = new SharedArrayBuffer(raw.length);
  new Uint8Array(bytes).set(raw);
  return { key: createHash('sha256').update(raw).digest('hex'), bytes };
}

/** The value back, on a thread (a copy of its own). */
export function readSharedData<T>(data: SharedData): T {
  return deserialize(Buffer.from(data.bytes)) as T;
}
