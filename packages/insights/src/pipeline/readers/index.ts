import type { ParseCategory } from '@quarry/vocabulary';
import { readEvtxInputs } from './evtx-reader.js';
import { readPrefetchInputs } from './prefetch-reader.js';
import { readRegistryInputs } from './registry-reader.js';
import type { JobReader } from './reader.js';

export const READERS: { [C in ParseCategory]: JobReader<C> } = {
  winevtx: readEvtxInputs,
  registry: readRegistryInputs,
  prefetch: readPrefetchInputs,
};
