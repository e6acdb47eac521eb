import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { RuleImportError, importRuleSet, readSetRecord, readStatus } from '../../src/index.js';
import { HAVE_RULES, NO_RULES, filesUnder, sharedPath, standaloneSigmaFiles, yaraRuleCount } from '@quarry/testkit';

const RULES_CLI = fileURLToPath(new URL('../../../../scripts/rules.mjs', import.meta.url));

// A condition naming a selection the rule does not define: YAML parses, our engine refuses it.
const BROKEN_SIGMA = `title: Broken on purpose
id: 00000000-0000-4000-8000-0000000000b1
logsource: { product: windows, service: security }
detection:
  selection: { EventID: 4624 }
  condition: selection and missing_selection
`;
// An unterminated string: YARA does not compile it.
const BROKEN_YARA = 'rule broken_on_purpose { strings: $a = "unterminated condition: $a }\n';

describe.skipIf(!HAVE_RULES)(`rules import ${HAVE_RULES ? '' : NO_RULES}`, () => {
  let root: string;
  const newDataDir = () => mkdtempSync(join(root, 'data-'));
  const log = () => {};

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'quarry-rule-import-'));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  test('a directory: every rule checked, the broken one refused with its reason, licence kept, version from the name', async () => {
    const rules = standaloneSigmaFiles('rules/windows/builtin/system');
    const source = join(root, 'sigma-r2025-11-30');
    for (const f of rules) cpSync(f, join(source, 'rules', relative(sharedPath('rules', 'sigma', 'rules'), f)));
    writeFileSync(join(source, 'rules', 'broken.yml'), BROKEN_SIGMA);
    cpSync(sharedPath('rules', 'sigma', 'LICENSE'), join(source, 'LICENSE'));
    mkdirSync(join(source, 'tests'));
    writeFileSync(join(source, 'tests', 'tooling.yml'), 'title: not a rule\n');

    const dataDir = newDataDir();
    const status = await importRuleSet({ dataDir, source, log });
    const set = status.sets[0]!;
    expect([set.engine, set.name, set.version, set.loaded, set.refused]).toEqual(['sigma', 'SigmaHQ', 'r2025-11-30', rules.length, 1]);
    expect(set.refused_reasons).toHaveLength(1);
    expect(set.refused_reasons[0]).toMatch(/^rules\/broken\.yml: .*missing_selection/);
    const installed = join(dataDir, 'rules', 'sigma');
    expect(readFileSync(join(installed, 'LICENSE'), 'utf8')).toBe(readFileSync(sharedPath('rules', 'sigma', 'LICENSE'), 'utf8'));
    expect(existsSync(join(installed, 'tests'))).toBe(false); // a SigmaHQ layout: its rule folders only
    expect(readSetRecord(installed)).toEqual(set);
    expect(readStatus(dataDir)).toMatchObject({ state: 'installed', trigger: 'import', sets: [set] });

    // Options override what the directory says.
    const again = await importRuleSet({ dataDir, source, name: 'lab-mirror', version: '7', log });
    expect([again.sets[0]!.name, again.sets[0]!.version]).toEqual(['lab-mirror', '7']);
  });

  test('a zip: a YARA pack in one top folder, name and version from it, the broken file refused, licence kept', async () => {
    const base = sharedPath('rules', 'yara', 'reversinglabs');
    const files = filesUnder(join(base, 'yara', 'ransomware'), /\.yara?$/).slice(0, 10);
    const entries: Record<string, Uint8Array> = {
      'acme-pack-1.2.3/LICENSE': readFileSync(join(base, 'LICENSE')),
      'acme-pack-1.2.3/yara/broken.yar': Buffer.from(BROKEN_YARA),
    };
    for (const f of files) entries[`acme-pack-1.2.3/${relative(base, f)}`] = readFileSync(f);
    const zip = join(root, 'acme-pack-1.2.3.zip');
    writeFileSync(zip, zipSync(entries));

    const dataDir = newDataDir();
    const lines: string[] = [];
    const status = await importRuleSet({ dataDir, source: zip, log: (l) => lines.push(l) });
    const set = status.sets[0]!;
    expect([set.engine, set.name, set.version, set.loaded, set.refused]).toEqual(['yara', 'acme-pack', '1.2.3', yaraRuleCount(files), 1]);
    expect(set.refused_reasons[0]).toMatch(/^yara\/broken\.yar: /);
    expect(lines.some((l) => l.startsWith('  refused: yara/broken.yar: '))).toBe(true);
    const installed = join(dataDir, 'rules', 'yara', 'acme-pack');
    expect(readFileSync(join(installed, 'LICENSE'), 'utf8')).toBe(readFileSync(join(base, 'LICENSE'), 'utf8'));
    expect(
      filesUnder(installed, /\.yara?$/)
        .map((f) => basename(f))
        .sort(),
    ).toEqual([...files.map((f) => basename(f)), 'broken.yar'].sort());
  });

  test('refused sources install nothing: a zip entry outside the archive, a set where nothing compiles, no rules at all', async () => {
    const dataDir = newDataDir();
    const slip = join(root, 'slip.zip');
    writeFileSync(slip, zipSync({ 'rules/ok.yml': Buffer.from(BROKEN_SIGMA), '../escape.yml': Buffer.from(BROKEN_SIGMA) }));
    await expect(importRuleSet({ dataDir, source: slip, log })).rejects.toThrow(/points outside the archive/);
    expect(existsSync(join(root, 'escape.yml'))).toBe(false);

    const allBroken = join(root, 'all-broken');
    mkdirSync(allBroken);
    writeFileSync(join(allBroken, 'broken.yml'), BROKEN_SIGMA);
    await expect(importRuleSet({ dataDir, source: allBroken, log })).rejects.toThrow(/no rule compiled \(1 refused; first: broken\.yml: /);

    const empty = join(root, 'empty');
    mkdirSync(empty);
    writeFileSync(join(empty, 'notes.txt'), 'no rules here');
    await expect(importRuleSet({ dataDir, source: empty, log })).rejects.toBeInstanceOf(RuleImportError);
    expect(existsSync(join(dataDir, 'rules', 'sigma'))).toBe(false);
    expect(readStatus(dataDir)?.state).toBe('failed');
  });

  test('the command line: `npm run -s rules -- import ZIP` reports loaded and refused counts', () => {
    const rules = standaloneSigmaFiles('rules/windows/builtin/system').slice(0, 8);
    const entries: Record<string, Uint8Array> = { 'rules/broken.yml': Buffer.from(BROKEN_SIGMA) };
    for (const f of rules) entries[`rules/${basename(f)}`] = readFileSync(f);
    const zip = join(root, 'sigma_all_rules.zip');
    writeFileSync(zip, zipSync(entries));
    const dataDir = newDataDir();
    const run = spawnSync(process.execPath, [RULES_CLI, 'import', zip, '--version', 'r2026-02-02'], {
      encoding: 'utf8',
      env: { PATH: process.env['PATH'], QUARRY_DATA_DIR: dataDir },
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain(`SigmaHQ r2026-02-02: ${rules.length} rules loaded, 1 refused.`);
    const bad = spawnSync(process.execPath, [RULES_CLI, 'import'], { encoding: 'utf8', env: { PATH: process.env['PATH'], QUARRY_DATA_DIR: dataDir } });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/^usage: npm run -s rules -- update/);
  });
});
