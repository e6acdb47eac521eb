/**
 * `npx tsx packages/insights/test/registry/differential/fetch-corpora.ts`: fetches every pinned
 * corpus into the cache (scripts/setup-test-env.sh runs it, so the differential tests compare in
 * CI instead of skipping); a hash mismatch fails it.
 */
import { CORPORA, fetchCorpus } from './corpora.js';

for (const corpus of CORPORA) console.log(`setup: ${corpus.name} corpus at ${await fetchCorpus(corpus)}`);
