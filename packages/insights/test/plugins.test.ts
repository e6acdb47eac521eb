import { EVIDENCE_TYPES, evidenceTypes, type EvidenceType } from '@quarry/vocabulary';
import { describe, expect, test } from 'vitest';
import { INSIGHTS_PLUGINS, pluginOf, type InsightsPlugin } from '../src/index.js';
import { ImplausibleItems } from '../src/pipeline/implausible-items.js';

// @ts-expect-error a plug-in record that lacks an evidence type does not compile
const incomplete: { [C in EvidenceType]: InsightsPlugin<C> } = { winevtx: INSIGHTS_PLUGINS.winevtx, registry: INSIGHTS_PLUGINS.registry };

/** The titles of what a plug-in's analyzers finish with over a job of no records. */
function emptyJobTitles(type: EvidenceType): string[] {
  const ctx = { category: type, inputs: [], options: { runSigmaRules: false }, notes: { sigmaMatches: [] }, implausible: new ImplausibleItems() };
  return pluginOf(type)
    .analyzers(ctx)
    .flatMap((a) => a.finish())
    .map((i) => ('Error' in i ? 'Error' : Object.values(i)[0].title));
}

describe('every evidence type has its insights plug-in', () => {
  test('one per descriptor, nothing else', () => {
    expect(incomplete).toBeDefined();
    expect(Object.keys(INSIGHTS_PLUGINS).sort()).toEqual([...EVIDENCE_TYPES].sort());
  });

  test.each(EVIDENCE_TYPES)('%s: its analyzers give each result type its descriptor names, in order', (type) => {
    const plugin = pluginOf(type);
    expect(typeof plugin.read).toBe('function');
    const titles = emptyJobTitles(type);
    const listed = evidenceTypes[type].resultTypes;
    // Each result type's primary insight is titled with its name, even over no records (INSIGHTS.md §1).
    expect(titles.filter((t) => (listed as readonly string[]).includes(t))).toEqual([...listed]);
  });
});
