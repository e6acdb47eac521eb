import type { EvidenceType } from '@quarry/vocabulary';
import { evtxShape } from './evtx-shape.js';
import { lnkShape } from './lnk-shape.js';
import { prefetchShape } from './prefetch-shape.js';
import { registryShape } from './registry-shape.js';
import { triageShape } from './triage-shape.js';
import type { EventTemplateSource, RowShape } from './shape.js';

/**
 * Every evidence type's row shape (the store's plug-in): a type without one fails to compile.
 * Message templates matter to EVTX writers only (readers render from the stored ones).
 */
export const ROW_SHAPES: { [K in EvidenceType]: (templates?: EventTemplateSource) => RowShape<K> } = {
  winevtx: (templates) => evtxShape(templates),
  registry: () => registryShape,
  prefetch: () => prefetchShape,
  lnk: () => lnkShape,
  triage: () => triageShape,
};

/** Whether a category's writer wants event templates: callers load them (a large dataset) only then. */
export const usesEventTemplates = (category: EvidenceType): boolean => ROW_SHAPES[category]().usesEventTemplates === true;

/** The row shape of a category, typed for it. */
export function shapeFor<C extends EvidenceType>(category: C, templates?: EventTemplateSource): RowShape<C> {
  return (ROW_SHAPES[category] as (templates?: EventTemplateSource) => RowShape<C>)(templates);
}
