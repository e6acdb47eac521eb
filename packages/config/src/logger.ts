import { pino, type DestinationStream, type Logger } from 'pino';
import { loadEnv, type LogLevel } from './env.js';

export type { Logger } from 'pino';

/** Field names whose values never reach a log line, at any depth we search. */
const SECRET_FIELDS = ['key', 'token', 'masterKey', 'dataKey', 'password'];
const SECRET_HEADERS = ['x-service-api-token', 'x-service-api-enc-key', 'X-Service-Api-Token', 'X-Service-Api-Enc-Key'];
// pino's redaction needs explicit paths; `*` matches one level, so each name is listed for
// every depth down to this one (request objects nest headers three or four levels deep).
const MAX_DEPTH = 6;

export const REDACTED = '[Redacted]';

function redactPaths(): string[] {
  const names = [...SECRET_FIELDS, ...SECRET_HEADERS.map((h) => `["${h}"]`)];
  const paths: string[] = [];
  for (let depth = 0; depth < MAX_DEPTH; depth++) {
    const prefix = '*.'.repeat(depth);
    for (const name of names) {
      paths.push(name.startsWith('[') ? (depth === 0 ? name : prefix.slice(0, -1) + name) : prefix + name);
    }
  }
  return paths;
}

export interface LoggerOptions {
  /** Defaults to LOG_LEVEL from the environment. */
  level?: LogLevel;
  /** Defaults to stdout. */
  destination?: DestinationStream;
}

/** A JSON pino logger named `name` that censors secret headers and fields. */
export function createLogger(name: string, options: LoggerOptions = {}): Logger {
  const level = options.level ?? loadEnv().LOG_LEVEL;
  const config = { name, level, redact: { paths: redactPaths(), censor: REDACTED } };
  return options.destination ? pino(config, options.destination) : pino(config);
}
