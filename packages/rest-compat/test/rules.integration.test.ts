import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { post } from './support/api.js';
import { startHarness, type Harness } from './support/harness.js';
import { b64 } from './support/scans.js';

const YARA_A = 'rule Shared_Name\n{\n  strings:\n    $a = "first variant"\n  condition:\n    $a\n}\n';
const YARA_B = 'rule Shared_Name\n{\n  strings:\n    $b = "second variant"\n  condition:\n    $b\n}\n';
const sigmaRule = (id: string, word: string) =>
  `title: Shared Sigma Title\nid: ${id}\nlogsource: {category: test}\ndetection:\n  sel: {word: ${word}}\n  condition: sel\n`;
const SIGMA_A = sigmaRule('3f0a6a1c-2b1e-4b9e-9f4e-6a1d2c3b4a51', 'first');
const SIGMA_B = sigmaRule('3f0a6a1c-2b1e-4b9e-9f4e-6a1d2c3b4a52', 'second');
const linesOf = (text: string) => text.replace(/\n$/, '').split('\n');

/** Two community directories, each defining the same rule name once: retrieval returns both definitions. */
function ruleDirs(): { yara: string; sigma: string } {
  const root = mkdtempSync(join(tmpdir(), 'quarry-rules-'));
  for (const [dir, files] of [
    ['yara/one', { 'a.yar': YARA_A }],
    ['yara/two', { 'b.yar': YARA_B }],
    ['sigma/one', { 'a.yml': SIGMA_A }],
    ['sigma/two', { 'b.yml': SIGMA_B, 'broken.yml': 'title: [unclosed\n' }],
  ] as const) {
    mkdirSync(join(root, dir), { recursive: true });
    for (const [name, text] of Object.entries(files)) writeFileSync(join(root, dir, name), text);
  }
  return { yara: `${join(root, 'yara/one')}:${join(root, 'yara/two')}`, sigma: `${join(root, 'sigma/one')}:${join(root, 'sigma/two')}` };
}

describe('rule retrieval (POST /analysis/yara/rules, /analysis/sigma/rules)', () => {
  let h: Harness;
  beforeAll(async () => {
    const dirs = ruleDirs();
    // A quota of 1 inline scan: retrieval must keep answering after it is spent (it is exempt).
    h = await startHarness({
      hunting: { yaraRules: dirs.yara, sigmaRules: dirs.sigma },
      quotas: {
        yaraFileScan: { windowSeconds: 3600, perTier: { anonymous: 1, free: 1, pro: 1, enterprise: 1 } },
        dataScan: { windowSeconds: 3600, perTier: { anonymous: 1, free: 1, pro: 1, enterprise: 1 } },
      },
    });
  });
  afterAll(async () => h?.stop());

  test('a YARA name defined twice returns both definitions (one empty line between them), JSON errors', async () => {
    const r = await post(h.url, '/analysis/yara/rules', { rule_names: ['Shared_Name', 'Quarry_Mimikatz_Commands'] });
    expect(r.status).toBe(200);
    expect(r.json.results.Shared_Name).toEqual([...linesOf(YARA_A), '', ...linesOf(YARA_B)]);
    expect(r.json.results.Quarry_Mimikatz_Commands[0]).toBe('rule Quarry_Mimikatz_Commands');
    expect(Object.keys(r.json.results)).toEqual(['Shared_Name', 'Quarry_Mimikatz_Commands']);
    const missing = await post(h.url, '/analysis/yara/rules', { rule_names: ['Shared_Name', 'shared_name'] });
    expect([missing.status, missing.json]).toEqual([404, { error: 'One or more rules not found' }]);
    for (const body of [{}, { rule_names: [] }, { rule_names: 'Shared_Name' }, { rule_names: [''] }, { rule_names: [1] }, { rule_names: ['not a name'] }]) {
      const bad = await post(h.url, '/analysis/yara/rules', body);
      expect([bad.status, bad.json], JSON.stringify(body)).toEqual([400, { error: 'Invalid rule names provided' }]);
    }
  });

  test('a Sigma title defined twice returns both files as YAML documents; plain-text errors; broken files skipped', async () => {
    const r = await post(h.url, '/analysis/sigma/rules', { rule_names: ['Shared Sigma Title'] });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ results: { 'Shared Sigma Title': [...linesOf(SIGMA_A), '---', ...linesOf(SIGMA_B)] } });
    const builtin = await post(h.url, '/analysis/sigma/rules', { rule_names: ['Shared Sigma Title'] });
    expect(builtin.status).toBe(200);
    const missing = await post(h.url, '/analysis/sigma/rules', { rule_names: ['Shared Sigma Title', 'shared sigma title'] });
    expect([missing.status, missing.text, missing.contentType.startsWith('text/plain')]).toEqual([404, 'One or more rules not found', true]);
    const bad = await post(h.url, '/analysis/sigma/rules', { rule_names: [] });
    expect([bad.status, bad.text]).toEqual([400, 'Invalid rule names provided']);
    const unauthorized = await post(h.url, '/analysis/sigma/rules', { rule_names: ['x'] }, { token: crypto.randomUUID() });
    expect([unauthorized.status, unauthorized.text]).toEqual([401, 'Unauthorized']);
  });

  test('429 after the inline-scan quota (plain text, Retry-After); retrieval is exempt', async () => {
    const body = { test_data: b64('first variant'), operation: 'run_community_rules' };
    const first = await post(h.url, '/analysis/yara/data', body);
    expect(first.status).toBe(200);
    expect(first.json.results[0].Table.data).toContainEqual(['Custom Data', 'Shared_Name', '', '', '']);
    for (const engine of ['yara', 'sigma']) {
      const limited = await post(
        h.url,
        `/analysis/${engine}/data`,
        engine === 'yara' ? body : { test_data: b64('{"word": "first"}'), operation: 'run_community_rules' },
      );
      expect(limited.status).toBe(429);
      expect(limited.text).toMatch(/^Rate limit exceeded: try again in \d+ seconds$/);
    }
    for (let i = 0; i < 5; i++) expect((await post(h.url, '/analysis/yara/rules', { rule_names: ['Shared_Name'] })).status).toBe(200);
  });

  test('429 on YARA file scans after the quota (JSON); Sigma file scans are not rate-limited', async () => {
    const { upload } = await import('./support/api.js');
    const up = await upload(h.url, [{ name: 'x.txt', data: Buffer.from('first variant') }]);
    const ids = [up.json.file_ids[0][0]];
    const first = await post(h.url, '/analysis/yara/file', { file_ids: ids, operation: 'run_community_rules' });
    expect(first.status).toBe(200);
    const second = await post(h.url, '/analysis/yara/file', { file_ids: ids, operation: 'run_community_rules' });
    expect(second.status).toBe(429);
    expect(second.json.error).toMatch(/^Rate limit exceeded: try again in \d+ seconds$/);
    const res = await fetch(`${h.url}/analysis/yara/file`, {
      method: 'POST',
      body: JSON.stringify({ file_ids: ids, operation: 'run_community_rules' }),
      headers: { 'Content-Type': 'application/json' },
    });
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    // Requests refused for their parameters spend nothing: a bad id is still a 400, not a 429.
    expect((await post(h.url, '/analysis/yara/file', { file_ids: [crypto.randomUUID()], operation: 'run_community_rules' })).json).toEqual({
      error: 'Failed to download file',
    });
    for (let i = 0; i < 2; i++) expect((await post(h.url, '/analysis/sigma/file', { file_ids: ids, operation: 'run_community_rules' })).status).toBe(200);
  });
});
