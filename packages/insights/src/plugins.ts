import type { EvtxRecord } from '@quarry/evtx';
import type { EvidenceType } from '@quarry/vocabulary';
import { evtxPlugin } from './evtx/plugin.js';
import type { InsightsPlugin } from './plugin.js';
import type { PrefetchRecord, RegistryRecord, ShortcutJobRecord } from './pipeline/records.js';
import { prefetchPlugin } from './prefetch/plugin.js';
import { registryPlugin } from './registry/plugin.js';
import { shortcutsPlugin } from './shortcuts/plugin.js';
import type { TriageRecord } from './triage/model.js';
import { triagePlugin } from './triage/plugin.js';

/** What the pipeline hands analyzers and the record sink, per evidence type. */
export interface RecordTypes {
  winevtx: EvtxRecord;
  registry: RegistryRecord;
  prefetch: PrefetchRecord;
  lnk: ShortcutJobRecord;
  triage: TriageRecord;
}

/** Every evidence type's insights plug-in: a type without one (or without a record type) fails to compile. */
export const INSIGHTS_PLUGINS: { [C in EvidenceType]: InsightsPlugin<C> } = {
  winevtx: evtxPlugin,
  registry: registryPlugin,
  prefetch: prefetchPlugin,
  lnk: shortcutsPlugin,
  triage: triagePlugin,
};

/** The plug-in of one type, typed for it (indexing a mapped type by a type parameter loses that). */
export const pluginOf = <C extends EvidenceType>(type: C): InsightsPlugin<C> => INSIGHTS_PLUGINS[type] as InsightsPlugin<C>;
