export { loadEnv, isBase64Key, EnvError, type Env, type EnvSource, type LogLevel } from './env.js';
export { repoRoot, findWorkspaceRoot } from './repo-root.js';
export { createLogger, REDACTED, type Logger, type LoggerOptions } from './logger.js';
export { chooseLogFormat, type LogFormat } from './log-format.js';
export { inheritedEnv } from './inherited-env.js';
export { WORKER_HEAP_MB, workerEnv, workerNodeArgs } from './worker-node-args.js';
