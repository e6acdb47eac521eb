import { Writable } from 'node:stream';
import { createLogger, type Logger } from '@quarry/config';

/** A real pino logger whose JSON lines are pushed onto `lines`, for tests that read what was logged. */
export function captureLogger(name: string, lines: string[]): Logger {
  const destination = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  return createLogger(name, { level: 'info', destination });
}
