import { loadEnv, type Logger } from '@quarry/config';
import { DevstackError } from './errors.js';
import { ensureGoBinary, isExecutable } from './go-binary.js';

export const TEMPORAL_CLI_VERSION = 'v1.5.1';

/**
 * Path of a Temporal CLI: TEMPORAL_CLI, else `temporal` on PATH, else the cached build, else one
 * built now with `go install` into the cache (minutes, once per machine).
 */
export async function ensureTemporalCli(log: Logger, override: string | undefined = loadEnv().TEMPORAL_CLI): Promise<string> {
  if (override !== undefined) {
    if (!isExecutable(override)) throw new DevstackError('temporal-cli', `TEMPORAL_CLI=${override} is not an executable file`);
    return override;
  }
  return ensureGoBinary(
    {
      name: 'temporal',
      module: `github.com/temporalio/cli/cmd/temporal@${TEMPORAL_CLI_VERSION}`,
      label: 'the Temporal CLI',
      component: 'temporal-cli',
      noGo: 'no Temporal CLI found: install it (https://docs.temporal.io/cli), set TEMPORAL_CLI to its path, or install Go so it can be built',
    },
    log,
  );
}
