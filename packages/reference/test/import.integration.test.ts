import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sharedPath } from '@quarry/testkit';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_DATA_DIR } from '../src/dataset/paths.js';
import { runImport } from '../src/import/run-import.js';
import { LookupStore } from '../src/store.js';
import { HAVE_LOOKUP_SOURCES, NO_LOOKUP_SOURCES } from './support.js';

const SAMPLE = sharedPath('lookup', 'event_id', 'upstream-sample');
const OSSEM = sharedPath('lookup', 'event_id', 'ossem_dd_event_fields.tsv.gz');
const dirs: string[] = [];
async function tempDir(copyShipped = false): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'quarry-reference-'));
  dirs.push(dir);
  if (copyShipped) await cp(DEFAULT_DATA_DIR, dir, { recursive: true });
  return dir;
}
afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

describe.skipIf(!HAVE_LOOKUP_SOURCES)(`importer on the upstream sample${HAVE_LOOKUP_SOURCES ? '' : ` (${NO_LOOKUP_SOURCES})`}`, () => {
  it('builds event_id from a mirrored ETWEventsList tree, release labels from the build folders', async () => {
    const dataDir = await tempDir();
    const report = await runImport({ inputs: [SAMPLE], dataDir });
    expect(report.files).toHaveLength(17);
    expect(report.files.every((f) => f.kind === 'etw-build')).toBe(true);
    expect(report.skipped.every((s) => s.path.endsWith('README.md'))).toBe(true);
    expect(report.modules.map((m) => m.module)).toEqual(['event_id']);
    const [events] = report.modules;
    expect(events!.before).toBe(0);
    expect(events!.added).toBe(events!.after);
    expect(events!.after).toBeGreaterThan(900);

    const store = new LookupStore({ dataDir });
    const releases = ['W7_SP1', 'W10_22H2', 'W11_24H2'];
    for (const value of releases) {
      const hits = await store.lookup({ module: 'event_id', search: '', filter: [{ field: 'OS Version', operator: 'equals', value }] });
      expect(hits.total, value).toBeGreaterThan(100);
    }
    const others = await store.lookup({
      module: 'event_id',
      search: '',
      filter: releases.map((value) => ({ field: 'OS Version', operator: 'not_equals' as const, value })),
    });
    expect(others.total).toBe(0);
    // Service Control Manager ids carry qualifier bits upstream (7045 = 1073748869).
    const scm = await store.lookup({
      module: 'event_id',
      search: '7045',
      filter: [{ field: 'Provider', operator: 'equals', value: 'Service Control Manager' }],
    });
    expect(scm.rows[0]![0]).toBe('7045');
    expect(scm.rows[0]![1]).toBe('W7_SP1|W10_22H2');
    // Without OSSEM, Data Fields come from the template's inserts, corrupted ones left out.
    const logon = await store.lookup({ module: 'event_id', search: '4624', filter: [{ field: 'Version', operator: 'equals', value: '0' }] });
    expect(logon.rows[0]![1]).toBe('W7_SP1|W10_22H2|W11_24H2');
    expect(logon.rows[0]![5]!.split('|')).toEqual(expect.arrayContaining(['TargetUserName', 'LogonType']));
    expect(logon.rows[0]![5]!.split('|')).not.toContain('IpAddress');
    expect((await store.eventTemplate('Microsoft-Windows-Security-Auditing', 4624, 2))?.template).toContain('{?}');

    // Same input again: nothing new, file left alone.
    const again = await runImport({ inputs: [SAMPLE], dataDir });
    expect(again.modules[0]).toMatchObject({ added: 0, updated: 0, before: events!.after, after: events!.after });
    expect(again.modules[0]!.file).toBeUndefined();

    // OSSEM later: field lists replace template-derived ones and templates get repaired.
    const ossem = await runImport({ inputs: [OSSEM], dataDir });
    expect(ossem.modules[0]!.updated).toBeGreaterThan(100);
    expect(ossem.modules[0]!.added).toBeGreaterThan(20_000); // OSSEM knows events of providers outside the sample
    const fresh = new LookupStore({ dataDir });
    const v2 = await fresh.eventTemplate('Microsoft-Windows-Security-Auditing', 4624, 2);
    expect(v2?.template).toContain('{RestrictedAdminMode}');
    expect(v2?.fields).toEqual(expect.arrayContaining(['IpAddress', 'TargetUserName']));
  });

  it('adds nothing to the shipped data, which already holds the sample', async () => {
    const dataDir = await tempDir(true);
    const report = await runImport({ inputs: [SAMPLE], dataDir });
    expect(report.modules[0]).toMatchObject({ module: 'event_id', added: 0, updated: 0 });
    expect(report.modules[0]!.before).toBe(report.modules[0]!.after);
  });

  it('reads the xCyclopedia zips: Windows paths only, one row per file name', async () => {
    const dataDir = await tempDir();
    const report = await runImport({ inputs: [sharedPath('lookup', 'file_name')], dataDir });
    expect(report.files.map((f) => f.kind)).toEqual(['xcyclopedia', 'xcyclopedia']);
    // README: 1,010 EXE + 3,942 DLL names under C:\Windows (no name is in both lists).
    expect(report.modules[0]).toMatchObject({ module: 'file_name', after: 4952, sourceRows: 8432 + 9101 });
  });
});

/** A minimal xCyclopedia CSV of our own: the 34 upstream columns, every field quoted, CRLF. */
function xcyclopediaCsv(rows: Record<string, string>[]): string {
  const columns =
    'file_name,file_path,hash_md5,hash_sha1,hash_sha256,hash_sha384,hash_sha512,hash_ssdeep,hash_imp,hash_pesha1,hash_pe256,signature_status,signature_status_message,signature_serial,signature_thumbprint,signature_issuer,signature_subject,meta_description,meta_original_filename,meta_product_name,meta_comments,meta_company_name,meta_file_version,meta_product_version,meta_language,meta_legal_copyright,meta_legal_trademarks,meta_machinetype,output,error,children,runtime_window_title,filescan_vtdetection,filescan_vtlink'.split(
      ',',
    );
  const quote = (v: string) => `"${v.replaceAll('"', '""')}"`;
  return `\ufeff${[columns, ...rows.map((r) => columns.map((c) => r[c] ?? ''))].map((r) => r.map(quote).join(',')).join('\r\n')}\r\n`;
}

describe('importer extending the shipped data, picked up by a running store', () => {
  it('adds a new name, merges a new path into cmd.exe, skips non-Windows paths, and reloads without restart', async () => {
    const dataDir = await tempDir(true);
    const store = new LookupStore({ dataDir, recheckMs: 0 });
    expect((await store.lookup({ module: 'file_name', search: 'quarrytest.exe' })).total).toBe(0);
    const csv = join(await tempDir(), 'newer-release.csv');
    await writeFile(
      csv,
      xcyclopediaCsv([
        {
          file_name: 'quarrytest.exe',
          file_path: 'C:\\Windows\\System32\\quarrytest.exe',
          meta_description: 'Test "quoted"\r\nline',
          runtime_window_title: 'Quarry',
        },
        { file_name: 'CMD.EXE', file_path: 'C:\\Windows\\Sysnative\\cmd.exe', meta_description: 'Windows Command Processor' },
        { file_name: 'gimp.exe', file_path: 'C:\\Program Files\\GIMP\\gimp.exe' },
      ]),
    );
    const report = await runImport({ inputs: [csv], dataDir });
    expect(report.modules).toEqual([expect.objectContaining({ module: 'file_name', added: 1, updated: 1, sourceRows: 3, skippedRows: 1 })]);

    const added = await store.lookup({ module: 'file_name', search: 'quarrytest' });
    expect(added.rows).toEqual([['quarrytest.exe', 'C:\\Windows\\System32\\quarrytest.exe', 'Test "quoted"\r\nline', '', '', 'Quarry']]);
    const cmd = await store.lookup({ module: 'file_name', search: 'cmd.exe' });
    expect(cmd.rows[0]![0]).toBe('cmd.exe'); // the stored spelling wins
    expect(cmd.rows[0]![1]!.split('##')).toContain('C:\\Windows\\Sysnative\\cmd.exe');
    expect(cmd.rows[0]![2]).toBe('Windows Command Processor');
  });
});
