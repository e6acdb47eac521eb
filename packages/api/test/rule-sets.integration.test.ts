import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BUILTIN_SIGMA_RULES, importRuleSet } from '@quarry/hunting';
import { hasShared, sharedPath, sharedSkipReason } from '@quarry/testkit';
import { Hunting, trpcHandler, type ServiceDeps } from '../src/index.js';
import { serviceFixture, type Fixture } from './support/fixture.js';

const RULES = 'rules/windows/builtin/system/service_control_manager';
const HAVE = hasShared('rules', 'sigma', RULES);

describe.skipIf(!HAVE)(`tRPC ruleSets: what the Rules page shows ${HAVE ? '' : sharedSkipReason('rules', 'sigma', RULES)}`, () => {
  let f: Fixture;
  let root: string;
  let hunting: Hunting;
  let deps: ServiceDeps;
  beforeAll(async () => {
    f = await serviceFixture();
    root = mkdtempSync(join(tmpdir(), 'quarry-api-rule-sets-'));
    hunting = new Hunting({ dataDir: join(root, 'data') });
    deps = { ...f.deps, hunting };
  });
  afterAll(async () => {
    await hunting?.close();
    await f?.close();
    rmSync(root, { recursive: true, force: true });
  });

  const ruleSets = async () => {
    const res = await trpcHandler(deps)(new Request('http://localhost/api/trpc/ruleSets'));
    expect(res.status).toBe(200);
    return ((await res.json()) as any).result.data;
  };

  test('before any fetch: no status, the built-in packs only; after an import: its status and the set with its counts', async () => {
    const builtin = readdirSync(BUILTIN_SIGMA_RULES).filter((n) => n.endsWith('.yml')).length;
    const before = await ruleSets();
    expect(before.status).toBeNull();
    expect(before.sigma.sets.map((s: any) => [s.name, s.loaded, s.refused])).toEqual([['Quarry built-in', builtin, 0]]);
    expect(before.yara.sets.map((s: any) => s.name)).toEqual(['Quarry built-in']);

    // An imported release: the shared rules of one folder, plus one our engine refuses.
    const source = join(root, 'sigma-r2026-03-03');
    cpSync(sharedPath('rules', 'sigma', RULES), join(source, 'rules'), { recursive: true });
    const files = readdirSync(join(source, 'rules')).filter((n) => n.endsWith('.yml')).length;
    writeFileSync(
      join(source, 'rules', 'broken.yml'),
      'title: Broken\nlogsource: { product: windows }\ndetection:\n  a: { EventID: 1 }\n  condition: a and b\n',
    );
    await importRuleSet({ dataDir: join(root, 'data'), source, log: () => {} });

    // The Sigma thread re-lists rule files at most every 5 s.
    await new Promise((r) => setTimeout(r, 5_100));
    const after = await ruleSets();
    expect(after.status).toMatchObject({ state: 'installed', trigger: 'import', reason: null });
    expect(after.status.sets.map((s: any) => [s.name, s.version, s.loaded, s.refused])).toEqual([['SigmaHQ', 'r2026-03-03', files, 1]]);
    expect(after.sigma.sets.map((s: any) => [s.name, s.version, s.loaded, s.refused])).toEqual([
      ['Quarry built-in', '', builtin, 0],
      ['SigmaHQ', 'r2026-03-03', files, 1],
    ]);
    expect([after.sigma.loaded, after.sigma.refused]).toEqual([builtin + files, 1]);
  });
});
