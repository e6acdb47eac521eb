import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { findWorkspaceRoot, repoRoot } from '../src/index.js';

const tmp = mkdtempSync(join(tmpdir(), 'quarry-config-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('repoRoot', () => {
  test('is the monorepo holding this package', () => {
    expect(repoRoot()).toBe(fileURLToPath(new URL('../../../', import.meta.url)).replace(/\/$/, ''));
  });

  test('skips package.json files without workspaces and malformed ones', () => {
    const root = join(tmp, 'repo');
    const pkg = join(root, 'packages', 'a');
    const deep = join(pkg, 'src', 'x');
    mkdirSync(deep, { recursive: true });
    writeFileSync(join(root, 'package.json'), JSON.stringify({ name: 'r', workspaces: ['packages/*'] }));
    writeFileSync(join(pkg, 'package.json'), JSON.stringify({ name: 'a' }));
    writeFileSync(join(pkg, 'src', 'package.json'), '{ not json');
    expect(findWorkspaceRoot(deep)).toBe(root);
  });

  test('throws when no workspace root is above', () => {
    const lone = join(tmp, 'lone');
    mkdirSync(lone);
    expect(() => findWorkspaceRoot(lone)).toThrow(/no package.json with "workspaces"/);
  });
});
