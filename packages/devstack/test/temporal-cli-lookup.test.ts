import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { DevstackError, ensureTemporalCli, freePort, type WheelSources } from '../src/index.js';
import { captureLogger } from './support/capture-logger.js';

// The lookup order is driven by HOME (the cache) and PATH, which this file points at scratch
// directories; the stand-in `go` records its arguments and GOBIN, then writes an executable. The
// prebuilt wheel is looked for on an index that refuses connections (temporal-wheel.test.ts
// covers that path), so these reach the Go build.
const root = mkdtempSync(join(tmpdir(), 'quarry-cli-lookup-'));
const saved = { HOME: process.env.HOME, PATH: process.env.PATH };
afterAll(() => rmSync(root, { recursive: true, force: true }));
let offline: WheelSources;
beforeAll(async () => {
  offline = { index: `http://127.0.0.1:${await freePort()}` };
});

let home: string;
let bin: string;
let lines: string[];
let n = 0;

beforeEach(() => {
  home = join(root, `home${n}`);
  bin = join(root, `bin${n++}`);
  mkdirSync(home);
  mkdirSync(bin);
  lines = [];
  process.env.HOME = home;
  process.env.PATH = bin;
});
afterEach(() => {
  process.env.HOME = saved.HOME;
  process.env.PATH = saved.PATH;
});

const logger = () => captureLogger('cli-test', lines);

function fakeGo(body: string): void {
  writeFileSync(join(bin, 'go'), `#!/bin/sh\n${body}\n`, { mode: 0o755 });
}

const cached = (): string => join(home, '.cache', 'quarry', 'bin', 'temporal');

describe('ensureTemporalCli lookup order', () => {
  test('builds with go install into the cache once, announcing it, then uses the cache', async () => {
    fakeGo(
      [
        `echo "$GOBIN $*" >> ${JSON.stringify(join(root, 'go-calls'))}`,
        'echo "go: downloading github.com/temporalio/cli v1.5.1" >&2',
        `printf '#!/bin/sh\\n' > "$GOBIN/temporal"`,
        '/bin/chmod +x "$GOBIN/temporal"',
      ].join('\n'),
    );
    const log = logger();
    expect(await ensureTemporalCli(log, undefined, offline)).toBe(cached());
    expect(readFileSync(join(root, 'go-calls'), 'utf8')).toBe(
      `${join(home, '.cache', 'quarry', 'bin')} install github.com/temporalio/cli/cmd/temporal@v1.5.1\n`,
    );
    const messages = lines.map((l) => JSON.parse(l) as { msg: string; go?: string });
    expect(messages.map((m) => m.msg)).toContain('no prebuilt Temporal CLI; building it with Go instead');
    expect(messages.map((m) => m.msg)).toContain('building the Temporal CLI, first time takes minutes');
    expect(messages.some((m) => m.go === 'go: downloading github.com/temporalio/cli v1.5.1')).toBe(true);

    expect(await ensureTemporalCli(log, undefined, offline)).toBe(cached());
    expect(readFileSync(join(root, 'go-calls'), 'utf8').split('\n').filter(Boolean)).toHaveLength(1);
  });

  test('a temporal on PATH comes before the cache', async () => {
    mkdirSync(join(home, '.cache', 'quarry', 'bin'), { recursive: true });
    writeFileSync(cached(), '#!/bin/sh\n', { mode: 0o755 });
    writeFileSync(join(bin, 'temporal'), '#!/bin/sh\n', { mode: 0o755 });
    expect(await ensureTemporalCli(logger(), undefined, offline)).toBe(join(bin, 'temporal'));
  });

  test('a failing build is reported with its output', async () => {
    fakeGo('echo "go: module lookup disabled by GOPROXY=off" >&2\nexit 1');
    const error = await ensureTemporalCli(logger(), undefined, offline).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DevstackError);
    expect((error as Error).message).toMatch(/failed \(exit 1\):\ngo: module lookup disabled by GOPROXY=off/);
  });

  test('without a CLI, a cache or Go, the error says how to get one', async () => {
    await expect(ensureTemporalCli(logger(), undefined, offline)).rejects.toThrow(
      /no Temporal CLI found and the prebuilt one could not be fetched: install it .*set TEMPORAL_CLI .*install Go/,
    );
  });
});
