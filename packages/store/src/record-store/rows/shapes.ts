import type { ParseCategory } from '@quarry/vocabulary';
import { evtxShape } from './evtx-shape.js';
import { prefetchShape } from './prefetch-shape.js';
import { registryShape } from './registry-shape.js';
import type { EventTemplateSource, RowShape } from './shape.js';

/** The row shape of a category. Templates matter to EVTX writers only (readers render from the stored ones). */
export function shapeFor<C extends ParseCategory>(category: C, templates?: EventTemplateSource): RowShape<C> {
  const shapes: { [K in ParseCategory]: () => RowShape<K> } = {
    winevtx: () => evtxShape(templates),
    prefetch: () => prefetchShape,
    registry: () => registryShape,
  };
  return shapes[category]() as RowShape<C>;
}
