import type { InsightsPlugin } from '../plugin.js';
import { UnusableInputError } from '../pipeline/errors.js';

/**
 * Whole-host triage (issue 35). SCAFFOLD: the collection reader and the host result types replace
 * this; until then a triage job fails as unusable rather than pretending to analyse.
 */
export const triagePlugin: InsightsPlugin<'triage'> = {
  // eslint-disable-next-line require-yield
  read: async function* () {
    throw new UnusableInputError('Triage collections are not read yet');
  },
  analyzers: () => [],
  runsSigmaRules: true,
};
