import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, readdir, rm, copyFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, test } from 'vitest';

// The generated client is committed (src/generated/prisma) so that builds and type checks need no
// generation step; this test regenerates it offline and fails when it no longer matches schema.prisma.
const repo = fileURLToPath(new URL('../../../', import.meta.url));
const committed = join(repo, 'packages/db/src/generated/prisma');

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)))
    .sort();
}

let scratch: string | undefined;
afterAll(() => (scratch ? rm(scratch, { recursive: true, force: true }) : undefined));

test('the committed Prisma client is what `prisma generate` makes from schema.prisma, offline', async () => {
  // Same relative layout as the repo, so the generator's output path and inlined schema are identical.
  scratch = await mkdtemp(join(tmpdir(), 'quarry-generate-'));
  await mkdir(join(scratch, 'prisma'));
  await copyFile(join(repo, 'prisma/schema.prisma'), join(scratch, 'prisma/schema.prisma'));

  const require = createRequire(import.meta.url);
  const manifest = require.resolve('prisma/package.json');
  const bin = join(dirname(manifest), (JSON.parse(await readFile(manifest, 'utf8')) as { bin: { prisma: string } }).bin.prisma);
  const result = spawnSync(process.execPath, [bin, 'generate', '--schema', 'prisma/schema.prisma'], {
    cwd: scratch,
    encoding: 'utf8',
    // Any existing file satisfies generate's engine check, so it never tries to download one.
    env: { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: process.execPath, PRISMA_HIDE_UPDATE_MESSAGE: '1' },
  });
  expect(result.stderr + result.stdout).toContain('Generated Prisma Client');
  expect(result.status).toBe(0);

  const fresh = join(scratch, 'packages/db/src/generated/prisma');
  const names = await listFiles(fresh);
  expect(names.length).toBeGreaterThan(0);
  expect(await listFiles(committed)).toEqual(names);
  for (const name of names) {
    const [a, b] = await Promise.all([readFile(join(fresh, name), 'utf8'), readFile(join(committed, name), 'utf8')]);
    expect(b, `${name} is stale: run npm run -w @quarry/db generate`).toBe(a);
  }
});
