import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { files, jobs } from '@quarry/db';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { post, upload, waitForJob } from './support/api.js';
import { newClientKey, startHarness, type Harness } from './support/harness.js';
import { recordedFile } from './support/stored-files.js';
import { createUser } from './support/users.js';
import { BITSADMIN, HAS_SIGMA_SHARED, MARKER_RULE, SIGMA_COMMUNITY_DIRS, b64, warnIfNoSigmaShared } from './support/scans.js';

const MiB = 1024 * 1024;

/** Every blob file's bytes under the blob store, to prove a secret never sits there in clear. */
function blobsContain(dir: string, needle: Buffer): boolean {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    const st = statSync(p);
    if (st.isDirectory() ? blobsContain(p, needle) : st.size < 8 * MiB && readFileSync(p).includes(needle)) return true;
  }
  return false;
}

warnIfNoSigmaShared();
describe('file-scan jobs (POST /analysis/yara/file, /analysis/sigma/file)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
    await h.startWorker(HAS_SIGMA_SHARED ? { QUARRY_SIGMA_RULES: SIGMA_COMMUNITY_DIRS } : {});
  });
  afterAll(async () => h?.stop());

  test('a custom YARA rule matches an uploaded private file, encrypted at rest and decrypted only in the worker', async () => {
    const { token } = await createUser(h.db);
    const key = newClientKey();
    const secret = Buffer.from('header ... QUARRY_SECRET_MARKER_7731 ... trailer');
    const up = await upload(h.url, [{ name: 'dropper.bin', data: secret }], { token, key });
    const [[fileId]] = up.json.file_ids;
    expect((await files.get(h.db, fileId))?.encrypted).toBe(true);
    expect(blobsContain(h.stack.blobDir, Buffer.from('QUARRY_SECRET_MARKER_7731'))).toBe(false);

    const created = await post(h.url, '/analysis/yara/file', { file_ids: [fileId], operation: 'run_rule', rule: b64(MARKER_RULE) }, { token, key });
    expect(created.status).toBe(200);
    expect(created.json).toMatchObject({ message: 'Job created successfully', category: 'Yara' });
    expect(Object.keys(created.json).sort()).toEqual(['category', 'id', 'job_name', 'message']);
    // The private job's rule is sealed, not stored in clear.
    expect(JSON.stringify((await jobs.get(h.db, created.json.id))?.params)).not.toContain('quarry_marker');

    const done = await waitForJob(h.url, created.json.id, { token, key });
    expect(done.json.status).toBe('Completed');
    expect(done.json.insights).toEqual([
      {
        Table: {
          title: 'Yara Analysis Results',
          data: [
            ['File', 'Rule', 'Description', 'Author'],
            ['dropper.bin', 'quarry_marker', 'a marker string', 'tester'],
          ],
          category: 'Yara',
        },
      },
      { Metadata: { title: 'Rule metadata', data: { warnings: '', custom_rule: MARKER_RULE }, category: 'Yara' } },
    ]);
  });

  test('community YARA rules (built-in pack) over a public file: spec columns, pack summary in Rule metadata', async () => {
    const up = await upload(h.url, [{ name: 'notes.txt', data: Buffer.from('ran sekurlsa::logonpasswords then exit') }]);
    const created = await post(h.url, '/analysis/yara/file', { file_ids: [up.json.file_ids[0][0]], operation: 'run_community_rules' });
    expect(created.json).toMatchObject({ message: 'Job created successfully', category: 'Yara' });
    const done = await waitForJob(h.url, created.json.id);
    expect(done.json.status).toBe('Completed');
    const table = done.json.insights[0].Table;
    expect(table.data[0]).toEqual(['File', 'Rule', 'Description', 'Author']);
    expect(table.data).toContainEqual(['notes.txt', 'Quarry_Mimikatz_Commands', expect.stringContaining('Mimikatz'), 'Quarry']);
    const meta = done.json.insights[1].Metadata;
    expect(meta.title).toBe('Rule metadata');
    expect(Number(meta.data.community_rules)).toBeGreaterThan(20);
  });

  test('an invalid YARA rule is a 400 with the compiler reason, and no job is created', async () => {
    const up = await upload(h.url, [{ name: 'a.txt', data: Buffer.from('x') }]);
    const before = await h.db.job.count();
    const r = await post(h.url, '/analysis/yara/file', {
      file_ids: [up.json.file_ids[0][0]],
      operation: 'run_rule',
      rule: b64('rule broken { condition: nosuchthing }'),
    });
    expect(r.status).toBe(400);
    expect(r.json.error).toMatch(/^Invalid Yara rule: error\[E\d+\]: unknown identifier `nosuchthing` \(line 1, column \d+\)$/);
    expect(await h.db.job.count()).toBe(before);
  });

  test('YARA file-scan errors are JSON; Sigma file-scan errors are plain text', async () => {
    const id = randomUUID();
    const cases: [string, unknown, number, string][] = [
      ['yara', { file_ids: [], operation: 'run_community_rules' }, 400, 'No file IDs provided'],
      ['yara', { operation: 'run_community_rules' }, 400, 'No file IDs provided'],
      ['yara', { file_ids: [id], operation: 'run_community_rules' }, 400, 'Failed to download file'],
      ['yara', { file_ids: ['nope'], operation: 'run_community_rules' }, 400, 'Failed to download file'],
      ['yara', { file_ids: [id], operation: 'run_rule' }, 400, 'Rule is required'],
      ['yara', { file_ids: [id], operation: 'scan' }, 400, 'operation must be run_rule or run_community_rules'],
      ['sigma', { file_ids: [], operation: 'run_community_rules' }, 400, 'No file IDs provided'],
      ['sigma', { file_ids: [id], operation: 'run_community_rules' }, 400, 'Failed to download file'],
      ['sigma', { file_ids: [id], operation: 'run_rule' }, 400, 'Rule is required'],
    ];
    for (const [engine, body, status, message] of cases) {
      const r = await post(h.url, `/analysis/${engine}/file`, body);
      expect([r.status, engine === 'yara' ? r.json : r.text], JSON.stringify(body)).toEqual([status, engine === 'yara' ? { error: message } : message]);
      if (engine === 'sigma') expect(r.contentType).toMatch(/^text\/plain/);
    }
    const badToken = { token: randomUUID() };
    expect((await post(h.url, '/analysis/yara/file', { file_ids: [id], operation: 'run_community_rules' }, badToken)).json).toEqual({ error: 'Unauthorized' });
    const s = await post(h.url, '/analysis/sigma/file', { file_ids: [id], operation: 'run_community_rules' }, badToken);
    expect([s.status, s.text]).toEqual([401, 'Unauthorized']);
  });

  test('an invalid Sigma rule is a plain-text 400 with the reason, and no job is created', async () => {
    const up = await upload(h.url, [{ name: 'a.json', data: Buffer.from('{"a":1}') }]);
    const before = await h.db.job.count();
    const r = await post(h.url, '/analysis/sigma/file', {
      file_ids: [up.json.file_ids[0][0]],
      operation: 'run_rule',
      rule: b64('title: x\nlogsource: {product: windows}\ndetection: {sel: {a: 1}}\n'),
    });
    expect(r.status).toBe(400);
    expect(r.text).toMatch(/^Invalid Sigma rule format: .*condition/);
    expect(await h.db.job.count()).toBe(before);
  });

  test('size limits: a 1 GB Sigma job is accepted and 1 GB + 1 byte refused; YARA stops at 250 MB', async () => {
    // File rows with large recorded sizes, through the repository: the limit is checked on the recorded sizes.
    const { userId, token } = await createUser(h.db);
    const row = (size: number) => recordedFile(h.db, userId, size, 'big.evtx');
    const half = await row(512 * MiB);
    const otherHalf = await row(512 * MiB);
    const oneByte = await row(1);
    const ok = await post(h.url, '/analysis/sigma/file', { file_ids: [half, otherHalf], operation: 'run_community_rules' }, { token });
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ message: 'Job queued', category: 'sigma' });
    // Its blobs do not exist: remove the job before the worker retries reading them.
    expect((await post(h.url, '/analysis/job/delete', { ids: [ok.json.id] }, { token })).status).toBe(200);
    const over = await post(h.url, '/analysis/sigma/file', { file_ids: [half, otherHalf, oneByte], operation: 'run_community_rules' }, { token });
    expect([over.status, over.text]).toEqual([400, 'Max Sigma File analysis size limit exceeded (1GB)']);

    const yaraFull = await row(250 * MiB);
    const yaraOver = await post(h.url, '/analysis/yara/file', { file_ids: [yaraFull, oneByte], operation: 'run_community_rules' }, { token });
    expect([yaraOver.status, yaraOver.json]).toEqual([400, { error: 'Max File analysis size limit exceeded (250MB)' }]);
  });

  test.skipIf(!HAS_SIGMA_SHARED)('community Sigma over a SigmaHQ regression sample (EVTX and its JSON rendering) detects its rule', async () => {
    const up = await upload(h.url, [{ path: join(BITSADMIN.dir, BITSADMIN.evtx) }, { path: join(BITSADMIN.dir, BITSADMIN.json) }]);
    const ids = up.json.file_ids.map((f: string[]) => f[0]);
    const created = await post(h.url, '/analysis/sigma/file', { file_ids: ids, operation: 'run_community_rules' });
    expect(created.json).toMatchObject({ message: 'Job queued', category: 'sigma' });
    const done = await waitForJob(h.url, created.json.id, {}, 300_000);
    expect(done.json.status).toBe('Completed');
    const table = done.json.insights[0].Table;
    expect(table).toMatchObject({ title: 'Sigma Analysis Results', category: 'Sigma' });
    expect(table.data[0]).toEqual(['File', 'Rule', 'Level', 'Tags', 'Author', 'Matches', 'Record IDs']);
    for (const file of [BITSADMIN.evtx, BITSADMIN.json]) {
      const row = table.data.find((r: string[]) => r[0] === file && r[1] === BITSADMIN.title);
      expect(row, file).toBeDefined();
      expect(row[5]).toBe('1');
      expect(row[6]).toMatch(/^\d+$/);
    }
    const meta = done.json.insights[1].Metadata.data;
    expect(Number(meta.community_rules)).toBeGreaterThan(2000);
    expect(meta[`input: ${BITSADMIN.evtx}`]).toMatch(/^evtx, \d+ records$/);
    expect(meta[`input: ${BITSADMIN.json}`]).toBe('json, 1 records');
  });

  test('a custom Sigma rule over nested JSON lines and event-log XML (dotted paths; flattened event data)', async () => {
    const rule = `title: Alice logs in
id: 5b7cf7a4-6a0e-4d0c-9d3b-0c1b0c9f6a11
logsource: {product: windows}
detection:
  sel_json: {user.name: alice, action: login}
  sel_xml: {EventID: 4624, TargetUserName: alice}
  condition: 1 of sel_*
level: high
`;
    const jsonl = '{"id": 1, "user": {"name": "bob"}, "action": "login"}\n{"id": 2, "user": {"name": "alice"}, "action": "login"}\n';
    const xml = `<Events><Event xmlns="http://schemas.microsoft.com/win/2004/08/events/event"><System><EventID>4624</EventID><EventRecordID>77</EventRecordID><Channel>Security</Channel></System><EventData><Data Name="TargetUserName">alice</Data></EventData></Event></Events>`;
    const up = await upload(h.url, [
      { name: 'app.jsonl', data: Buffer.from(jsonl) },
      { name: 'security.xml', data: Buffer.from(xml) },
    ]);
    const created = await post(h.url, '/analysis/sigma/file', {
      file_ids: up.json.file_ids.map((f: string[]) => f[0]),
      operation: 'run_rule',
      rule: b64(rule),
    });
    const done = await waitForJob(h.url, created.json.id);
    expect(done.json.status).toBe('Completed');
    expect(done.json.insights[0].Table.data).toEqual([
      ['File', 'Rule', 'Level', 'Tags', 'Author', 'Matches', 'Record IDs'],
      ['app.jsonl', 'Alice logs in', 'high', '', '', '1', '2'],
      ['security.xml', 'Alice logs in', 'high', '', '', '1', '77'],
    ]);
    expect(done.json.insights[1].Metadata.data).toEqual({ custom_rule: rule, 'input: app.jsonl': 'json, 2 records', 'input: security.xml': 'xml, 1 records' });
  });

  test('a Sigma scan of a file that is no log fails the job, naming the file', async () => {
    const up = await upload(h.url, [{ name: 'photo.jpg', data: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]) }]);
    const created = await post(h.url, '/analysis/sigma/file', { file_ids: [up.json.file_ids[0][0]], operation: 'run_community_rules' });
    const done = await waitForJob(h.url, created.json.id);
    expect(done.json.status).toBe('Failed');
    expect(done.json.insights).toEqual([{ Error: { message: 'File photo.jpg is not an EVTX, JSON, JSON lines or event-log XML file' } }]);
  });
});
