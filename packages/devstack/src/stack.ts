import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Env, Logger } from '@quarry/config';
import { DevstackError } from './errors.js';
import { ensureMasterKey } from './master-key.js';
import { freePort, isPortFree } from './ports.js';
import { startPostgres, type RunningPostgres } from './postgres.js';
import { startTemporal, type RunningTemporal } from './temporal-server.js';

export interface Stack {
  databaseUrl: string;
  temporalAddress: string;
  /** null when TEMPORAL_ADDRESS points at a server we did not start. */
  temporalUiUrl: string | null;
  masterKey: Buffer;
  blobDir: string;
  dataDir: string;
  /** Stops what this call started (and deletes the data dir when ephemeral). */
  stop(): Promise<void>;
}

export interface StartStackOptions {
  env: Env;
  log: Logger;
  /** Tests: a fresh temporary data dir and free ports, deleted on stop. */
  ephemeral?: boolean;
}

/**
 * Brings up whatever the environment does not point elsewhere: the embedded PostgreSQL unless
 * DATABASE_URL is set, the Temporal dev server unless TEMPORAL_ADDRESS is set, and always the
 * blob directory and the master key.
 */
export async function startStack({ env, log, ephemeral = false }: StartStackOptions): Promise<Stack> {
  const dataDir = ephemeral ? makeTempDataDir() : env.QUARRY_DATA_DIR;
  const blobDir = ephemeral ? join(dataDir, 'blobs') : env.BLOB_DIR;
  mkdirSync(dataDir, { recursive: true });
  mkdirSync(blobDir, { recursive: true });
  const masterKey = ensureMasterKey(dataDir, env.QUARRY_MASTER_KEY);

  const stops: (() => Promise<void>)[] = [];
  const stopAll = async (): Promise<void> => {
    // Temporal first: it may still be writing; PostgreSQL has no dependants among ours.
    for (const stop of stops.reverse()) await stop().catch((err: unknown) => log.warn({ err }, 'stop failed'));
    stops.length = 0;
    if (ephemeral) rmSync(dataDir, { recursive: true, force: true });
  };

  const postgres: Promise<RunningPostgres | undefined> = env.DATABASE_URL
    ? Promise.resolve(undefined)
    : startPostgres({ dataDir, log, ephemeral, ...(ephemeral ? { port: await freePort() } : {}) });
  const temporal: Promise<RunningTemporal | undefined> = env.TEMPORAL_ADDRESS
    ? Promise.resolve(undefined)
    : startTemporal({
        dataDir,
        log,
        namespace: env.TEMPORAL_NAMESPACE,
        ...(ephemeral ? { port: await freePort(), uiPort: await freePort() } : await configuredUiPort(env.TEMPORAL_UI_PORT, log)),
      });
  // Both start in parallel; if either fails, the other is stopped before the error surfaces.
  const [pg, tp] = await Promise.allSettled([postgres, temporal]);
  if (pg.status === 'fulfilled' && pg.value) stops.push(pg.value.stop);
  if (tp.status === 'fulfilled' && tp.value) stops.push(tp.value.stop);
  if (pg.status === 'rejected' || tp.status === 'rejected') {
    await stopAll();
    const reasons = [pg, tp].flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
    if (reasons.length === 1) throw reasons[0];
    throw new DevstackError('stack', reasons.map(String).join('\n'), { cause: reasons });
  }

  const databaseUrl = env.DATABASE_URL ?? pg.value?.url;
  const temporalAddress = env.TEMPORAL_ADDRESS ?? tp.value?.address;
  if (!databaseUrl || !temporalAddress) throw new DevstackError('stack', 'a service started without an address');
  let stopping: Promise<void> | undefined;
  return {
    databaseUrl,
    temporalAddress,
    temporalUiUrl: tp.value?.uiUrl ?? null,
    masterKey,
    blobDir,
    dataDir,
    stop: () => (stopping ??= stopAll()),
  };
}

/** TEMPORAL_UI_PORT is a preference: when it is taken the dev server picks another and says so. */
async function configuredUiPort(uiPort: number, log: Logger): Promise<{ uiPort?: number }> {
  if (await isPortFree(uiPort)) return { uiPort };
  log.warn({ uiPort }, 'TEMPORAL_UI_PORT is in use; the Temporal UI will use another port');
  return {};
}

function makeTempDataDir(): string {
  return mkdtempSync(join(tmpdir(), 'quarry-stack-'));
}
