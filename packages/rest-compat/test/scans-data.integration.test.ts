import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { post } from './support/api.js';
import { startHarness, type Harness } from './support/harness.js';
import { BITSADMIN, HAS_SIGMA_SHARED, MARKER_RULE, SIGMA_COMMUNITY_DIRS, b64, warnIfNoSigmaShared } from './support/scans.js';

const NO_MATCH = { results: [{ message: 'No matches found for the provided test data' }] };
const SLOW_YARA = 'rule slow { condition: for any i in (0..filesize) : ( for any j in (0..filesize) : ( uint8(i) + uint8(j) == 0x1FF ) ) }';
/** Catastrophic backtracking in JavaScript's regular expressions: (a+)+$ against a's then a non-a. */
const SLOW_SIGMA = `title: Runaway regex
logsource: {category: test}
detection:
  sel: {CommandLine|re: '^(a+)+$'}
  condition: sel
`;

warnIfNoSigmaShared();
describe('inline scans (POST /analysis/yara/data, /analysis/sigma/data)', () => {
  let h: Harness;
  beforeAll(async () => {
    // Quotas out of the way here (rules.integration.test.ts proves the 429s).
    const many = { anonymous: 10_000, free: 10_000, pro: 10_000, enterprise: 10_000 };
    h = await startHarness({
      hunting: { scanTimeoutMs: 2_000, ...(HAS_SIGMA_SHARED ? { sigmaRules: SIGMA_COMMUNITY_DIRS } : {}) },
      quotas: { yaraFileScan: { windowSeconds: 60, perTier: many }, dataScan: { windowSeconds: 60, perTier: many } },
    });
  });
  afterAll(async () => h?.stop());

  test('YARA community rules: the spec table with Tags, File = Custom Data', async () => {
    const r = await post(h.url, '/analysis/yara/data', { test_data: b64('cmd: mimikatz # sekurlsa::logonpasswords'), operation: 'run_community_rules' });
    expect(r.status).toBe(200);
    expect(r.json.results).toHaveLength(1);
    const table = r.json.results[0].Table;
    expect(table.title).toBe('Yara Analysis Results');
    expect(table.category).toBe('Yara');
    expect(table.data[0]).toEqual(['File', 'Rule', 'Description', 'Author', 'Tags']);
    expect(table.data).toContainEqual(['Custom Data', 'Quarry_Mimikatz_Commands', expect.stringContaining('Mimikatz'), 'Quarry', '']);
  });

  test('YARA custom rule: table (File, Rule) then Rule metadata; no match is the spec message', async () => {
    const hit = await post(h.url, '/analysis/yara/data', { test_data: b64('..QUARRY_SECRET_MARKER_7731..'), operation: 'run_rule', rule: b64(MARKER_RULE) });
    expect(hit.json).toEqual({
      results: [
        {
          Table: {
            title: 'Yara Analysis Results',
            data: [
              ['File', 'Rule'],
              ['Custom Data', 'quarry_marker'],
            ],
            category: 'Yara',
          },
        },
        { Metadata: { title: 'Rule metadata', data: { warnings: '', custom_rule: MARKER_RULE }, category: 'Yara' } },
      ],
    });
    const miss = await post(h.url, '/analysis/yara/data', { test_data: b64('nothing here'), operation: 'run_rule', rule: b64(MARKER_RULE) });
    expect(miss.json.results[0]).toEqual(NO_MATCH.results[0]);
    expect(miss.json.results[1].Metadata.data.custom_rule).toBe(MARKER_RULE);
    expect((await post(h.url, '/analysis/yara/data', { test_data: b64('benign text'), operation: 'run_community_rules' })).json).toEqual(NO_MATCH);
  });

  test('YARA: invalid rule, oversize data and a runaway rule are Error results; the server keeps answering', async () => {
    const bad = await post(h.url, '/analysis/yara/data', { test_data: b64('x'), operation: 'run_rule', rule: b64('rule r { condition: nope }') });
    expect(bad.status).toBe(200);
    expect(bad.json.results[0].Error.message).toMatch(/^Invalid Yara rule: error\[E\d+\]: unknown identifier `nope`/);
    const big = await post(h.url, '/analysis/yara/data', { test_data: b64(Buffer.alloc(10 * 1024 * 1024 + 1)), operation: 'run_community_rules' });
    expect(big.json).toEqual({ results: [{ Error: { message: 'Test data is larger than the 10 MB limit of inline scans' } }] });
    const started = Date.now();
    const slow = post(h.url, '/analysis/yara/data', { test_data: b64(Buffer.alloc(200_000, 1)), operation: 'run_rule', rule: b64(SLOW_YARA) });
    // The event loop is free meanwhile: another request is answered before the slow one ends.
    const quick = await post(h.url, '/analysis/sigma/data', {
      test_data: b64('{"a": 1}'),
      operation: 'run_rule',
      rule: b64('title: t\nlogsource: {category: test}\ndetection: {sel: {a: 2}, condition: sel}\n'),
    });
    expect(quick.status).toBe(200);
    expect((await slow).json).toEqual({ results: [{ Error: { message: 'Scan stopped: it ran longer than the 2 second limit of inline scans' } }] });
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(
      (await post(h.url, '/analysis/yara/data', { test_data: b64('QUARRY_SECRET_MARKER_7731'), operation: 'run_rule', rule: b64(MARKER_RULE) })).json.results[0]
        .Table,
    ).toBeDefined();
  });

  test('plain-text request errors: Invalid test data format (400), Rule is required (422)', async () => {
    for (const engine of ['yara', 'sigma']) {
      const cases: [unknown, number, string][] = [
        [{ test_data: 'not base64!', operation: 'run_community_rules' }, 400, 'Invalid test data format'],
        [{ test_data: '', operation: 'run_community_rules' }, 400, 'Invalid test data format'],
        [{ operation: 'run_community_rules' }, 400, 'Invalid test data format'],
        [{ test_data: 12, operation: 'run_community_rules' }, 400, 'Invalid test data format'],
        [{ test_data: b64('x'), operation: 'run_rule' }, 422, 'Rule is required'],
        [{ test_data: b64('x'), operation: 'run_rule', rule: '' }, 422, 'Rule is required'],
        ['[1]', 400, 'Request body must be a JSON object'],
      ];
      for (const [body, status, text] of cases) {
        const r = await post(h.url, `/analysis/${engine}/data`, body);
        expect([r.status, r.text, r.contentType.startsWith('text/plain')], `${engine} ${JSON.stringify(body)}`).toEqual([status, text, true]);
      }
      const unauthorized = await post(
        h.url,
        `/analysis/${engine}/data`,
        { test_data: b64('x'), operation: 'run_community_rules' },
        { token: crypto.randomUUID() },
      );
      expect([unauthorized.status, unauthorized.text]).toEqual([401, 'Unauthorized']);
    }
    const notALog = await post(h.url, '/analysis/sigma/data', { test_data: b64('just words'), operation: 'run_community_rules' });
    expect([notALog.status, notALog.text]).toEqual([400, 'Invalid test data format']);
  });

  test('Sigma custom rule over nested JSON (dotted paths) and event-log XML: the spec element shape', async () => {
    const rule =
      'title: Alice logs in\nlogsource: {product: windows}\ndetection:\n  sel_json: {user.name: alice}\n  sel_xml: {EventID: 4624, TargetUserName: alice}\n  condition: 1 of sel_*\n';
    const json = await post(h.url, '/analysis/sigma/data', {
      test_data: b64('[{"user": {"name": "alice"}}, {"user": {"name": "bob"}}]'),
      operation: 'run_rule',
      rule: b64(rule),
    });
    expect(json.json).toEqual({ results: [{ type: 'Table', title: 'Sigma Analysis Results', data: [['Rule'], ['Alice logs in']], category: 'Sigma' }] });
    const xml =
      '<Event><System><EventID>4624</EventID><Channel>Security</Channel></System><EventData><Data Name="TargetUserName">alice</Data></EventData></Event>';
    expect((await post(h.url, '/analysis/sigma/data', { test_data: b64(xml), operation: 'run_rule', rule: b64(rule) })).json.results[0].data).toEqual([
      ['Rule'],
      ['Alice logs in'],
    ]);
    const none = await post(h.url, '/analysis/sigma/data', { test_data: b64('{"user": {"name": "carol"}}'), operation: 'run_rule', rule: b64(rule) });
    expect(none.json.results[0].data).toEqual([['Rule']]);
  });

  test('Sigma: an invalid rule is an Error result; a runaway rule is stopped at the time limit', async () => {
    const bad = await post(h.url, '/analysis/sigma/data', {
      test_data: b64('{"a": 1}'),
      operation: 'run_rule',
      rule: b64('title: x\ndetection: {sel: {a: 1}}\n'),
    });
    expect(bad.status).toBe(200);
    expect(bad.json.results).toHaveLength(1);
    expect(bad.json.results[0]).toEqual({ type: 'Error', message: expect.stringMatching(/^Invalid Sigma rule format: /) });
    const slow = await post(h.url, '/analysis/sigma/data', {
      test_data: b64(JSON.stringify({ CommandLine: 'a'.repeat(40) + '!' })),
      operation: 'run_rule',
      rule: b64(SLOW_SIGMA),
    });
    expect(slow.json).toEqual({ results: [{ type: 'Error', message: 'Scan stopped: it ran longer than the 2 second limit of inline scans' }] });
  });

  test.skipIf(!HAS_SIGMA_SHARED)('Sigma community rules over a SigmaHQ regression record: Rule, Description, Author, Tags, Level', async () => {
    const record = readFileSync(join(BITSADMIN.dir, BITSADMIN.json));
    const r = await post(h.url, '/analysis/sigma/data', { test_data: b64(record), operation: 'run_community_rules' });
    expect(r.status).toBe(200);
    const [table] = r.json.results;
    expect(table).toMatchObject({ type: 'Table', title: 'Sigma Analysis Results', category: 'Sigma' });
    expect(table.data[0]).toEqual(['Rule', 'Description', 'Author', 'Tags', 'Level']);
    const row = table.data.find((x: string[]) => x[0] === BITSADMIN.title);
    expect(row).toBeDefined();
    expect(row[2]).not.toBe('');
    expect(row[3]).toMatch(/attack\./);
    expect(row[4]).toMatch(/^(low|medium|high|critical|informational)$/);
  });
});
