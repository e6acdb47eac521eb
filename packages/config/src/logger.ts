import { pino, type DestinationStream, type Logger } from 'pino';
import { PinoPretty } from 'pino-pretty';
import { loadEnv, type LogLevel } from './env.js';
import { chooseLogFormat, type LogFormat } from './log-format.js';

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
  /** Defaults to `chooseLogFormat(LOG_FORMAT, stdout is a terminal)` on stdout, JSON on a given destination. */
  format?: LogFormat;
}

/**
 * A pino logger named `name` that censors secret headers and fields, writing JSON lines or, for
 * people at a terminal, one coloured line per event. Redaction runs before either format.
 */
export function createLogger(name: string, options: LoggerOptions = {}): Logger {
  const env = loadEnv();
  const level = options.level ?? env.LOG_LEVEL;
  const config = { name, level, redact: { paths: redactPaths(), censor: REDACTED } };
  const format = options.format ?? (options.destination ? 'json' : chooseLogFormat(env.LOG_FORMAT, process.stdout.isTTY));
  if (format === 'json') return options.destination ? pino(config, options.destination) : pino(config);
  // Synchronous, in this thread: lines keep their order with console output (the start banner),
  // and nothing is lost when the process exits.
  const pretty = PinoPretty({
    sync: true,
    singleLine: true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname',
    ...(options.destination ? { destination: options.destination as NodeJS.WritableStream } : {}),
  });
  return pino(config, pretty);
}
