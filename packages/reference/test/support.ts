import { hasShared, sharedSkipReason } from '@quarry/testkit';
import { datasetRows, type Dataset } from '../src/dataset/format.js';
import { LookupStore } from '../src/store.js';

/** One store over the shipped data, shared by the tests of a file. */
export const store = new LookupStore();

export async function shipped(module: 'file_name' | 'event_id'): Promise<{ ds: Dataset; rows: string[][] }> {
  const ds = await store.dataset(module);
  return { ds, rows: datasetRows(ds).map((r) => r.slice(0, ds.visible)) };
}

export const HAVE_LOOKUP_SOURCES = hasShared('lookup', 'event_id', 'upstream-sample');
export const NO_LOOKUP_SOURCES = sharedSkipReason('lookup', 'event_id', 'upstream-sample');
