import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

// The workspace's command-line tools, as users run them: `npx NAME`, i.e. npm's link in
// node_modules/.bin to the launcher that scripts/cli-launcher.mjs writes into dist/.
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const PACKAGES = join(ROOT, 'packages');
const launched = readdirSync(PACKAGES).flatMap((dir) => {
  const manifest = join(PACKAGES, dir, 'package.json');
  if (!existsSync(manifest)) return [];
  const bin = (JSON.parse(readFileSync(manifest, 'utf8')) as { bin?: Record<string, string> }).bin ?? {};
  return Object.entries(bin)
    .filter(([name, target]) => target === `dist/${name}`)
    .map(([name]) => ({ name, cli: join(PACKAGES, dir, 'dist', 'cli.js') }));
});
/** A CA file that cannot be read: node warns on stderr when it tries. */
const env = { ...process.env, NODE_EXTRA_CA_CERTS: join(ROOT, 'no-such-ca-bundle.pem') };

describe('workspace bins', () => {
  test('the five file tools use the launcher', () => {
    expect(launched.map((l) => l.name).sort()).toEqual(['quarry-evtx', 'quarry-pf', 'quarry-reg', 'quarry-sigma', 'quarry-yara']);
  });

  test.each(launched)('$name is linked and starts node without NODE_EXTRA_CA_CERTS', ({ name }) => {
    const r = spawnSync(join(ROOT, 'node_modules', '.bin', name), [], { env, encoding: 'utf8' });
    expect(r.error).toBeUndefined();
    expect(`${r.stdout}${r.stderr}`).toMatch(new RegExp(`usage:\\s+${name} `));
    expect(r.stderr).not.toMatch(/extra certs/);
  });

  test('without the launcher node does load the variable (what the test above guards against)', () => {
    const r = spawnSync(process.execPath, [launched[0]!.cli], { env, encoding: 'utf8' });
    expect(r.stderr).toMatch(/Ignoring extra certs from/);
  });
});
