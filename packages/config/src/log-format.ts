import type { Env } from './env.js';

export type LogFormat = NonNullable<Env['LOG_FORMAT']>;

/**
 * The console format: LOG_FORMAT when set, else pretty on a terminal and JSON lines otherwise
 * (files, pipes, log collectors read JSON).
 */
export function chooseLogFormat(setting: Env['LOG_FORMAT'], isTTY: boolean | undefined): LogFormat {
  return setting ?? (isTTY ? 'pretty' : 'json');
}
