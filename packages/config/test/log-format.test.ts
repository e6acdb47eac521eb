import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { chooseLogFormat, createLogger, REDACTED } from '../src/index.js';

const TOKEN = '6f1c3a7e-0c6b-4a0e-9a53-5c1f1d2b7e90';
const KEY = Buffer.alloc(32, 7).toString('base64');
// ESC [ … m: an ANSI colour sequence, which only the pretty format writes.
// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;]*m/;

describe('chooseLogFormat', () => {
  test('pretty on a terminal, JSON elsewhere, LOG_FORMAT over both', () => {
    expect(chooseLogFormat(undefined, true)).toBe('pretty');
    expect(chooseLogFormat(undefined, false)).toBe('json');
    expect(chooseLogFormat(undefined, undefined)).toBe('json');
    expect(chooseLogFormat('json', true)).toBe('json');
    expect(chooseLogFormat('pretty', false)).toBe('pretty');
  });
});

describe('the pretty format', () => {
  test('one line per event with time, level, name and message; secrets redacted as in JSON', () => {
    let text = '';
    const destination = new Writable({
      write(chunk: Buffer, _enc, done) {
        text += chunk.toString('utf8');
        done();
      },
    });
    const log = createLogger('quarry', { level: 'info', destination, format: 'pretty' });
    log.info({ jobId: 'j1', token: TOKEN, req: { headers: { 'x-service-api-token': TOKEN, 'X-Service-Api-Enc-Key': KEY } } }, 'job started');
    log.warn({ nested: { a: { masterKey: KEY } } }, 'second event');
    const lines = text.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    const plain = lines.map((l) => l.replace(new RegExp(ANSI.source, 'g'), ''));
    expect(plain[0]).toMatch(/^\[\d\d:\d\d:\d\d\] INFO \(quarry\): job started \{.*"jobId":"j1"/);
    expect(plain[1]).toMatch(/^\[\d\d:\d\d:\d\d\] WARN \(quarry\): second event/);
    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain(KEY);
    expect(plain[0]).toContain(`"token":"${REDACTED}"`);
  });
});

// Real processes: one under a pseudo-terminal (`script`), one writing to a pipe.
const dir = mkdtempSync(join(tmpdir(), 'quarry-log-format-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
// .mts: an ES module wherever it lies (tsx would load a plain .ts outside a package as CommonJS).
const program = join(dir, 'log-once.mts');
const configSrc = fileURLToPath(new URL('../src/index.ts', import.meta.url));
writeFileSync(
  program,
  `import { createLogger } from ${JSON.stringify(configSrc)};\n` +
    `createLogger('quarry').info({ token: '${TOKEN}', headers: { 'X-Service-Api-Enc-Key': '${KEY}' } }, 'service started');\n`,
);
const tsx = fileURLToPath(new URL('../../../node_modules/.bin/tsx', import.meta.url));

function run(env: Record<string, string>, terminal: boolean): string {
  const command = [tsx, program];
  // Colour is left to the terminal: the runner's own colour settings are not passed on.
  const environment: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'info', ...env };
  for (const name of ['NO_COLOR', 'FORCE_COLOR', ...(env.LOG_FORMAT ? [] : ['LOG_FORMAT'])]) delete environment[name];
  const r = terminal
    ? spawnSync('script', ['-qec', command.map((a) => `'${a}'`).join(' '), '/dev/null'], { env: { ...environment, TERM: 'xterm-256color' }, encoding: 'utf8' })
    : spawnSync(command[0]!, command.slice(1), { env: environment, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`exit ${r.status}: ${r.stderr}`);
  return r.stdout;
}

describe.skipIf(!existsSync('/usr/bin/script'))('a process choosing its console format', () => {
  test('on a terminal: a coloured line, secrets redacted', () => {
    const out = run({}, true);
    expect(out).toMatch(ANSI);
    expect(out.replace(new RegExp(ANSI.source, 'g'), '')).toMatch(/INFO \(quarry\): service started/);
    expect(out.trim().split('\n')).toHaveLength(1);
    expect(out).not.toContain(TOKEN);
    expect(out).not.toContain(KEY);
  });

  test('on a terminal with LOG_FORMAT=json: JSON lines', () => {
    const out = run({ LOG_FORMAT: 'json' }, true);
    const line = JSON.parse(out.trim()) as Record<string, unknown>;
    expect(line).toMatchObject({ name: 'quarry', level: 30, msg: 'service started', token: REDACTED });
  });

  test('into a pipe: JSON lines, secrets redacted', () => {
    const out = run({}, false);
    expect(out).not.toMatch(ANSI);
    expect(JSON.parse(out.trim())).toMatchObject({ msg: 'service started', token: REDACTED, headers: { 'X-Service-Api-Enc-Key': REDACTED } });
    expect(out).not.toContain(TOKEN);
  });

  test('into a pipe with LOG_FORMAT=pretty: the readable line, without colour', () => {
    const out = run({ LOG_FORMAT: 'pretty' }, false);
    expect(out).not.toMatch(ANSI);
    expect(out).toMatch(/^\[\d\d:\d\d:\d\d\] INFO \(quarry\): service started/);
  });
});
