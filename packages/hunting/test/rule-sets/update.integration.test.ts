import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { closeThreadPool, configureThreadPool } from '@quarry/threads';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BUILTIN_RULES_DIR } from '@quarry/yara';
import {
  BUILTIN_SIGMA_RULES,
  SigmaRuleSet,
  SigmaThread,
  YaraRuleSet,
  fetchRuleSetsOnFirstRun,
  loadedYaraSets,
  readStatus,
  sigmaRuleDirs,
  updateRuleSets,
  yaraRuleDirs,
  type RuleSources,
} from '../../src/index.js';
import { HAVE_RULES, NO_RULES, filesUnder, makePackRepo, makeSigmaRepo, yaraRuleCount, type PackRepo, type SigmaRepo } from '@quarry/testkit';

// The built-in packs, counted from their files: each Sigma file holds one rule.
const BUILTIN_SIGMA = filesUnder(BUILTIN_SIGMA_RULES, /\.yml$/).length;
const BUILTIN_YARA = yaraRuleCount(filesUnder(BUILTIN_RULES_DIR, /\.yara?$/));

describe.skipIf(!HAVE_RULES)(`rules update from git repositories holding ../shared/rules ${HAVE_RULES ? '' : NO_RULES}`, () => {
  let root: string;
  let sigma: SigmaRepo;
  let pack: PackRepo;
  let sources: RuleSources;
  const newDataDir = () => mkdtempSync(join(root, 'data-'));

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'quarry-rule-sets-'));
    sigma = makeSigmaRepo(join(root, 'repos'));
    pack = makePackRepo(join(root, 'repos'));
    sources = { sigmaRepo: sigma.url, yaraPacks: [{ name: 'reversinglabs', repo: pack.url, branch: pack.branch }] };
    // A one-core host's pool: the fetch's task must not wait behind the web server's Sigma stream.
    configureThreadPool({ threads: 1 });
  });
  afterAll(async () => {
    rmSync(root, { recursive: true, force: true });
    await closeThreadPool();
  });

  test('installs the newest release and the pack, with licences and install records; running loaders pick them up', async () => {
    const dataDir = newDataDir();
    // The rule sets of a process started before the sets existed (as the server and worker are);
    // re-listing their files on every call instead of at most every 5 s.
    const sigmaSet = new SigmaRuleSet(sigmaRuleDirs({ dataDir }), { recheckMs: 0 });
    const packs = new YaraRuleSet(yaraRuleDirs({ dataDir }), { recheckMs: 0 });
    expect(sigmaSet.current().loaded).toBe(BUILTIN_SIGMA);
    expect(sigmaSet.current().loaded).toBe(BUILTIN_SIGMA);
    expect(sigmaSet.compiles).toBe(1);
    expect((await packs.pack()).totals.rules).toBe(BUILTIN_YARA);

    const lines: string[] = [];
    const status = await updateRuleSets({ dataDir, sources, trigger: 'update', log: (l) => lines.push(l) });
    expect(status.state).toBe('installed');
    expect(status.reason).toBeNull();
    const expectedYara = yaraRuleCount(pack.files);
    expect(status.sets.map((s) => [s.engine, s.name, s.loaded, s.refused])).toEqual([
      ['sigma', 'SigmaHQ', sigma.newest.length, 0],
      ['yara', 'reversinglabs', expectedYara, 0],
    ]);
    expect(status.sets[0]!.version).toBe('r2026-01-01');
    expect(status.sets[1]!.version).toMatch(/^develop@[0-9a-f]{12}$/);
    expect(lines).toContain(`sigma: installed ${sigma.newest.length} rules from SigmaHQ r2026-01-01`);
    expect(readStatus(dataDir)).toEqual(status);

    const installed = join(dataDir, 'rules', 'sigma');
    expect(filesUnder(installed, /\.yml$/)).toHaveLength(sigma.newest.length); // not tests/, not the untagged head
    expect(existsSync(join(installed, 'LICENSE'))).toBe(true);
    expect(existsSync(join(installed, 'tests'))).toBe(false);
    expect(existsSync(join(dataDir, 'rules', 'yara', 'reversinglabs', 'LICENSE'))).toBe(true);
    expect(existsSync(join(dataDir, 'rules', '.staging'))).toBe(false);

    // The reload: the same objects, recompiled once because their files changed.
    const rules = sigmaSet.current();
    expect(sigmaSet.compiles).toBe(2);
    expect(rules.loaded).toBe(BUILTIN_SIGMA + sigma.newest.length);
    expect(rules.sets.map((s) => [s.name, s.version, s.loaded, s.refused])).toEqual([
      ['Quarry built-in', '', BUILTIN_SIGMA, 0],
      ['SigmaHQ', 'r2026-01-01', sigma.newest.length, 0],
    ]);
    const loaded = await packs.pack();
    expect(loaded.totals.rules).toBe(BUILTIN_YARA + expectedYara);
    expect(loadedYaraSets(loaded).map((s) => [s.name, s.version, s.loaded, s.refused])).toEqual([
      ['Quarry built-in', '', BUILTIN_YARA, 0],
      ['reversinglabs', status.sets[1]!.version, expectedYara, 0],
    ]);
  });

  test('an update replaces the installed set whole; a failing source leaves its set as it was', async () => {
    const dataDir = newDataDir();
    await updateRuleSets({ dataDir, sources, trigger: 'update', log: () => {} });
    const broken = { ...sources, sigmaRepo: `${sigma.url}-missing` };
    const status = await updateRuleSets({ dataDir, sources: broken, trigger: 'update', log: () => {} });
    expect(status.state).toBe('partial');
    expect(status.reason).toMatch(/^sigma: .+/);
    expect(status.sets.map((s) => s.name)).toEqual(['reversinglabs']);
    expect(filesUnder(join(dataDir, 'rules', 'sigma'), /\.yml$/)).toHaveLength(sigma.newest.length);
  });

  test('first start without sets fetches them in the background; with a set present it does not', async () => {
    const dataDir = newDataDir();
    const warnings: string[] = [];
    const info: string[] = [];
    const log = { info: (m: string) => info.push(m), warn: (m: string) => warnings.push(m) };
    const held = new SigmaThread({ dirs: [], timeoutMs: 10_000 });
    await held.warm();
    const first = fetchRuleSetsOnFirstRun({ dataDir, sources, configuredDirs: [], autoFetch: true, log });
    expect(first.started).toBe(true);
    if (!first.started) return;
    const status = await first.done.finally(() => held.close());
    expect(status?.state).toBe('installed');
    expect(status?.trigger).toBe('first-run');
    expect(info.some((l) => l.includes(`installed ${sigma.newest.length} rules from SigmaHQ r2026-01-01`))).toBe(true);
    expect(warnings).toEqual([]);
    expect(fetchRuleSetsOnFirstRun({ dataDir, sources, configuredDirs: [], autoFetch: true, log }).started).toBe(false);

    const withSigmaOnly = newDataDir();
    mkdirSync(join(withSigmaOnly, 'rules', 'sigma'), { recursive: true });
    expect(fetchRuleSetsOnFirstRun({ dataDir: withSigmaOnly, sources, configuredDirs: [], autoFetch: true, log }).started).toBe(false);
    // Directories the operator configured count as sets present.
    expect(fetchRuleSetsOnFirstRun({ dataDir: newDataDir(), sources, configuredDirs: [join(root, 'repos', 'sigma')], autoFetch: true, log }).started).toBe(
      false,
    );
  });

  test('offline: one warning with the built-in counts and the ways to add rules; nothing installed', async () => {
    const dataDir = newDataDir();
    const unreachable: RuleSources = {
      sigmaRepo: 'https://127.0.0.1:9/sigma.git',
      yaraPacks: [{ name: 'reversinglabs', repo: 'https://127.0.0.1:9/rl.git', branch: 'develop' }],
    };
    const warnings: string[] = [];
    const first = fetchRuleSetsOnFirstRun({
      dataDir,
      sources: unreachable,
      configuredDirs: [],
      autoFetch: true,
      log: { info: () => {}, warn: (m) => warnings.push(m) },
    });
    expect(first.started).toBe(true);
    if (!first.started) return;
    expect((await first.done)?.state).toBe('failed');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(`Jobs run the built-in rules only: ${BUILTIN_SIGMA} Sigma and ${BUILTIN_YARA} YARA rules.`);
    for (const way of ['rules -- update', 'rules -- import DIR|ZIP', 'QUARRY_SIGMA_RULES', 'QUARRY_SIGMA_RULES_REPO', 'QUARRY_YARA_PACK_REPOS'])
      expect(warnings[0]).toContain(way);
    expect(readStatus(dataDir)?.reason).toMatch(/^sigma: .+\nyara reversinglabs: .+$/);
    expect(existsSync(join(dataDir, 'rules', 'sigma'))).toBe(false);

    // Fetching turned off: the same single warning, without an attempt.
    const off: string[] = [];
    const quiet = fetchRuleSetsOnFirstRun({
      dataDir: newDataDir(),
      sources,
      configuredDirs: [],
      autoFetch: false,
      log: { info: () => {}, warn: (m) => off.push(m) },
    });
    if (quiet.started) expect(await quiet.done).toBeUndefined();
    expect(off).toHaveLength(1);
    expect(off[0]).toContain('QUARRY_RULES_AUTO_FETCH=false');
  });
});
