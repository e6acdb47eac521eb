import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { DEFAULT_DATA_DIR, datasetPath } from '@quarry/reference';
import { findTool, toolGate } from '@quarry/testkit';
import { evidenceTypes } from '@quarry/vocabulary';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { post, upload, waitForJob, type Creds, type Reply } from './support/api.js';
import { SAMPLES, newClientKey, startHarness, warnIfNoSamples, type Harness } from './support/harness.js';
import { GOLDEN, buildCollection, hostFiles, kapeCollection, profile, velociraptorExtras, type HostFile, type Layout } from './support/triage-collection.js';
import { evtxDump, lnkinfo, regipySystem, sccainfo, type EvtxEvent, type PrefetchFacts, type SystemHiveFacts } from './support/triage-reference.js';
import { globalId, graphqlQuery, serveTypedFronts, trpcMutation } from './support/typed-fronts.js';
import { recordedFile } from './support/stored-files.js';
import { createUser } from './support/users.js';

/**
 * Issue 35, the service-level proof: host collections built from the samples in the KAPE and the
 * Velociraptor layouts run as triage jobs through the real service, PostgreSQL, Temporal and
 * worker; their host facts are checked against the reference tools' readings of the same files
 * (sccainfo, evtx_dump, lnkinfo, regipy), run while the jobs run.
 */
const USER = 'vibranium'; // the profile the sample NTUSER.DAT names (regipy: `\??\C:\Users\vibranium\ntuser.dat`)
const sample = (p: string) => join(SAMPLES, p);

type Insight = Record<string, { title: string; data: any }>;
const body = (i: Insight) => Object.values(i)[0]!;
const titles = (insights: Insight[]) => insights.map((i) => body(i).title);
const titled = (insights: Insight[], title: string) => insights.map(body).find((b) => b.title === title);

/** A Table's rows as header -> cell objects (the header row comes first in `data`). */
function rowsOf(table: { data: string[][] } | undefined): Record<string, string>[] {
  if (!table) return [];
  const [header = [], ...rows] = table.data;
  return rows.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? ''])));
}
const lower = (s: string) => s.toLowerCase();
/** The services' time cells: `YYYY-MM-DD HH:MM:SS.mmm UTC`. */
const utc = (ms: number) => `${new Date(ms).toISOString().slice(0, 23).replace('T', ' ')} UTC`;

/** `C:\Windows\TEMP\x.exe` → `\windows\temp`. */
const folderOf = (path: string) =>
  lower(path)
    .replace(/^c:/, '')
    .replace(/\\[^\\]*$/, '');

/** A file's folders in the shipped file_name dataset, read from the file by hand. */
function knownFolders(name: string): string[] {
  const file = JSON.parse(gunzipSync(readFileSync(datasetPath(DEFAULT_DATA_DIR, 'file_name'))).toString('utf8')) as {
    columns: string[];
    rowCount: number;
    strings: string[];
    cells: number[];
  };
  const w = file.columns.length;
  const at = (r: number, column: string) => file.strings[file.cells[r * w + file.columns.indexOf(column)]!]!;
  for (let r = 0; r < file.rowCount; r++) {
    if (lower(at(r, 'File Name')) === name) return [...new Set(at(r, 'File Path').split('##').map(folderOf))];
  }
  throw new Error(`${name} is not in the file_name dataset`);
}

interface Reference {
  system: SystemHiveFacts | null;
  cmd: PrefetchFacts | null;
  events: EvtxEvent[] | null;
  link: Map<string, string> | null;
}

const gates = {
  scca: toolGate('sccainfo'),
  evtx: toolGate('evtx_dump'),
  lnk: toolGate('lnkinfo'),
  // regipy is a python module; its CLI on PATH says it is installed.
  regipy: toolGate('regipy-dump'),
};

async function readReference(scratch: string): Promise<Reference> {
  const logs = [GOLDEN.securityLog, GOLDEN.relayLog, GOLDEN.sysmonLog].map(sample);
  const [system, cmd, events, link] = await Promise.all([
    gates.regipy.skip ? null : regipySystem(sample(GOLDEN.system), scratch),
    gates.scca.skip ? null : sccainfo(sample(GOLDEN.cmdPrefetch)),
    gates.evtx.skip ? null : Promise.all(logs.map(evtxDump)).then((all) => all.flat()),
    gates.lnk.skip ? null : lnkinfo(sample(GOLDEN.link)),
  ]);
  return { system, cmd, events, link };
}

/** Uploads a collection, starts its triage job over REST and waits for it to finish. */
async function triage(h: Harness, name: string, zip: Uint8Array, creds: Creds = {}): Promise<{ id: string; done: Reply }> {
  const up = await upload(h.url, [{ name, data: zip }], creds);
  expect(up.status).toBe(200);
  const created = await post(h.url, '/analysis/triage/parse', { file_ids: [up.json.file_ids[0][0]], run_sigma_rules: false }, creds);
  expect(created.status, created.text).toBe(200);
  expect(created.json).toMatchObject({ message: 'Job queued', category: 'triage' });
  return { id: created.json.id, done: await waitForJob(h.url, created.json.id, creds, 600_000) };
}

warnIfNoSamples();
describe.skipIf(!existsSync(SAMPLES))('whole-host triage through the service', () => {
  let h: Harness;
  let reference: Reference;
  const jobs = {} as Record<Layout, { id: string; insights: Insight[] }>;
  const files = existsSync(SAMPLES) ? hostFiles(USER) : [];
  const scratch = mkdtempSync(join(tmpdir(), 'triage-reference-'));

  beforeAll(async () => {
    h = await startHarness();
    await h.startWorker();
    const facts = readReference(scratch);
    // One job after the other: the worker's CPU budget is the machine's, shared with the tools above.
    for (const layout of ['kape', 'velociraptor'] as const) {
      const extras = layout === 'velociraptor' ? velociraptorExtras('DESKTOP-PM6C56D') : {};
      const { id, done } = await triage(h, `${layout}-host.zip`, await buildCollection(layout, files, { extras }));
      expect(done.json.status, JSON.stringify(done.json.insights)).toBe('Completed');
      jobs[layout] = { id, insights: done.json.insights };
    }
    reference = await facts;
  }, 900_000);
  afterAll(async () => {
    await h?.stop();
    rmSync(scratch, { recursive: true, force: true });
  });

  describe.each(['kape', 'velociraptor'] as const)('%s layout', (layout) => {
    const insights = () => jobs[layout].insights;

    test('every host result type is listed, then each member type’s own results under its label', () => {
      const all = titles(insights());
      for (const t of evidenceTypes.triage.resultTypes) expect(all).toContain(t);
      for (const type of ['winevtx', 'registry', 'prefetch', 'lnk'] as const) {
        expect(
          all.some((t) => t.startsWith(`${evidenceTypes[type].label} · `)),
          type,
        ).toBe(true);
      }
      expect(all).toContain('Registry · Application Data: ShimCache');
      expect(all).toContain('Prefetch · Executable Statistics');
    });

    test('the collection’s members are all read, names decoded; the collector’s own files are listed as unknown', () => {
      const zip = `${layout}-host.zip`;
      const rows = rowsOf(titled(insights(), 'Host Summary: Collection'));
      const unknown = layout === 'velociraptor' ? ['collection_context.json', 'log.json', 'results/Windows.KapeFiles.Targets/All File Metadata.json'] : [];
      expect(rows).toHaveLength(files.length + unknown.length);
      expect(
        rows
          .filter((r) => r['Status'] === 'unknown type')
          .map((r) => r['Member'])
          .sort(),
      ).toEqual(unknown.map((n) => `${zip}/${n}`));
      expect(rows.filter((r) => r['Status'] !== 'unknown type').every((r) => r['Status'] === 'read' && r['Problem'] === '')).toBe(true);
      // Every host file under its own name (Velociraptor's `%25`, `%3A` and `%5C` decoded), typed by its bytes.
      const prefix = (f: HostFile) => (layout === 'kape' ? 'C/' : /\/config\/|NTUSER|UsrClass/.test(f.at) ? 'uploads/ntfs/\\\\.\\C:/' : 'uploads/auto/C:/');
      for (const f of files)
        expect(
          rows.map((r) => r['Member']),
          f.at,
        ).toContain(`${zip}/${prefix(f)}${f.at}`);
      const type = (at: string) => rows.find((r) => r['Member']!.endsWith(at))?.['Type'];
      expect(
        [
          'Logs/Microsoft-Windows-Sysmon%4Operational.evtx',
          'config/SYSTEM.LOG1',
          'Prefetch/CMD.EXE-D269B812.pf',
          'AutomaticDestinations/5f7b5f1e01b83767.automaticDestinations-ms',
        ].map(type),
      ).toEqual(['winevtx', 'registry', 'prefetch', 'lnk']);
      expect(rows.find((r) => r['Member']!.endsWith('/NTUSER.DAT'))?.['User']).toBe(USER);
    });

    test.skipIf(gates.regipy.skip)('Host Summary: host name and time zone as regipy reads the SYSTEM hive; the OS build decoded by hand', () => {
      const summary = titled(insights(), 'Host Summary')!.data as Record<string, string>;
      expect(summary['host_name']).toBe(reference.system!.computerName);
      expect(summary['time_zone']).toBe(`${reference.system!.timeZone}, Bias ${reference.system!.bias} min`);
      // The only SOFTWARE hive of the samples is Windows NT 3.1's (regf 1.1), which regipy and
      // regfexport cannot open. By hand: the `vk` cell at 0x420d8 (name `CurrentBuild`, 24 bytes)
      // gives data length 0x2e and data offset 0x41110; + 0x1000 (the base block) + 8 (a v1.1 cell
      // header) = 0x42118: 46 bytes of UTF-16LE with its NUL.
      const software = readFileSync(sample(GOLDEN.software));
      expect(software.toString('utf16le', 0x420d8 + 0x14, 0x420d8 + 0x14 + 24)).toBe('CurrentBuild');
      expect([software.readUInt32LE(0x420d8 + 4), software.readUInt32LE(0x420d8 + 8)]).toEqual([0x2e, 0x41110]);
      expect(summary['os_build']).toBe(software.toString('utf16le', 0x42118, 0x42118 + 0x2e - 2));
      const users = rowsOf(titled(insights(), 'Host Summary: Users'));
      expect(users.find((u) => u['User'] === USER)?.['Source']).toMatch(/^user hive/);
    });

    test.skipIf(gates.scca.skip || gates.regipy.skip || gates.evtx.skip)(
      'Evidence of Execution: cmd.exe’s prefetch runs, ShimCache entry and process creations in ONE row naming all three',
      () => {
        const { cmd, system, events } = reference;
        const CMD = 'c:\\windows\\system32\\cmd.exe';
        const shim = system!.shimcache.find((e) => lower(e.path) === CMD);
        expect(shim, 'regipy lists cmd.exe in the ShimCache').toBeDefined();
        const created = events!.filter(
          (e) => (e.eventId === 4688 && lower(String(e.data['NewProcessName'])) === CMD) || (e.eventId === 1 && lower(String(e.data['Image'])) === CMD),
        );
        expect(created.length).toBeGreaterThan(0);
        const rows = rowsOf(titled(insights(), 'Evidence of Execution')).filter((r) => lower(r['Executable'] ?? '') === CMD);
        expect(rows, 'one row for C:\\Windows\\System32\\cmd.exe').toHaveLength(1);
        const row = rows[0]!;
        expect(row['Sources']!.split(', ').sort()).toEqual(['4688', 'prefetch', 'shimcache', 'sysmon 1']);
        expect(row['Evidence']).toMatch(/Prefetch · Executable Statistics#row-\d+/);
        expect(row['Evidence']).toMatch(/Registry · Application Data: ShimCache#row-\d+/);
        expect(row['Evidence']).toMatch(/EVTX · Process Analysis#row-\d+/);
        // sccainfo: run count and the eight stored run times; evtx_dump: 4688 + Sysmon 1 of the image.
        expect(row['Run Count']).toBe(String(cmd!.runCount));
        expect(row['Prefetch Runs']!.split(', ').sort()).toEqual(cmd!.lastRuns.map(utc).sort());
        expect(row['Process Events']).toBe(String(created.length));
        // regipy: the entry's modified time (to the millisecond), at the position the ShimCache table gives it.
        expect(row['ShimCache']).toContain(`modified ${utc(Date.parse(shim!.last_mod_date!))}`);
        const shimRows = rowsOf(titled(insights(), 'Registry · Application Data: ShimCache'));
        const position = shimRows.find((r) => lower(r['Path']!) === CMD)!['Position'];
        expect(row['ShimCache']).toMatch(new RegExp(`^#${position} `));
      },
    );

    test.skipIf(gates.regipy.skip)('the registry member type inside the job: ShimCache file entries in regipy’s order after both replay the logs', () => {
      // Quarry also lists Windows 10's packaged-app entries (tab-separated names), which regipy leaves out.
      const paths = rowsOf(titled(insights(), 'Registry · Application Data: ShimCache'))
        .sort((a, b) => Number(a['Position']) - Number(b['Position']))
        .map((r) => r['Path']!)
        .filter((p) => !p.includes('\t'));
      expect(paths).toEqual(reference.system!.shimcache.map((e) => e.path));
    });

    test.skipIf(gates.regipy.skip)(
      'Evidence of Execution: a known Windows binary’s name outside its folders, by the shipped file_name data the worker loads',
      () => {
        // regipy lists Defender's signature stub run from a C:\Windows\TEMP\{GUID} folder.
        const stub = reference.system!.shimcache.find((e) => /^c:\\windows\\temp\\[^\\]+\\mpsigstub\.exe$/.test(lower(e.path)));
        expect(stub, 'regipy lists MpSigStub.exe under C:\\Windows\\TEMP').toBeDefined();
        const known = knownFolders('mpsigstub.exe');
        expect(known).not.toContain(folderOf(stub!.path));
        const row = rowsOf(titled(insights(), 'Evidence of Execution')).find((r) => lower(r['Executable'] ?? '') === lower(stub!.path));
        expect(row?.['Reasons']?.split('; ')).toContain(`known Windows binary outside its folders: mpsigstub.exe (known in ${known.join(', ')})`);
        expect(row?.['Importance']).toBe('High');
      },
    );

    test.skipIf(gates.lnk.skip)('Evidence of File & Folder Access: the link’s target and volume serial as lnkinfo reads them', () => {
      const target = reference.link!.get('Local path')!;
      const serial = reference.link!.get('Drive serial number')!.replace(/^0x/, '');
      const rows = rowsOf(titled(insights(), 'Evidence of File & Folder Access')).filter((r) => lower(r['Path'] ?? '') === lower(target));
      expect(rows).toHaveLength(1);
      expect(lower(rows[0]!['Volumes']!)).toContain(serial);
      expect(rows[0]!['Sources']).toContain(evidenceTypes.lnk.label);
      expect(rows[0]!['Users']).toContain(USER);
    });

    test.skipIf(gates.regipy.skip)('USB devices: the USBSTOR serials regipy reads in the SYSTEM hive', () => {
      const usb = rowsOf(titled(insights(), 'Registry · User Activity: USB Devices')).map((r) => r['Serial']);
      for (const d of reference.system!.usbstor) expect(usb).toContain(d.serial_number.replace(/&0$/, ''));
    });
  });

  test('both layouts give the same host facts', () => {
    const facts = (layout: Layout) => {
      const ins = jobs[layout].insights;
      const perType = titles(ins)
        .filter((t) => / · /.test(t) && !t.includes('File metadata'))
        .sort();
      const execution = rowsOf(titled(ins, 'Evidence of Execution'))
        .map((r) => [r['Executable'], r['User'], r['Sources'], r['Run Count'], r['Process Events']].join(' | '))
        .sort();
      const access = rowsOf(titled(ins, 'Evidence of File & Folder Access'))
        .map((r) => [r['Path'], r['Sources'], r['Users'], r['Volumes']].join(' | '))
        .sort();
      const accounts = rowsOf(titled(ins, 'Accounts & Logons')).length;
      const { members: _members, ...summary } = titled(ins, 'Host Summary')!.data as Record<string, string>;
      return {
        perType,
        execution,
        access,
        accounts,
        summary: { ...summary, evidence_types: summary['evidence_types']!.replace(/, unknown \d+$/, ''), members_not_read_whole: null },
      };
    };
    expect(facts('kape').execution.length).toBeGreaterThan(0);
    expect(facts('velociraptor')).toEqual(facts('kape'));
  });

  const search = (path: string, b: Record<string, unknown>, jobId = jobs.kape.id) =>
    post(h.url, path, { job_id: jobId, search: '', browse_events: true, show: 100, ...b });
  const indexRows = (r: Reply) => r.json.insights[0].IndexTable.data as [string[], Record<string, string>][];

  test.skipIf(gates.scca.skip)('triage search: cmd.exe’s prefetch runs in a time window, filtered by source and kind, page by page', async () => {
    const runs = reference.cmd!.lastRuns;
    const window = { start_time: Math.min(...runs), end_time: Math.max(...runs) + 1 };
    const filter = [
      { field: 'source', operator: 'equals', value: 'prefetch' },
      { field: 'time_kind', operator: 'equals', value: 'executed' },
    ];
    const r = await search('/analysis/triage/search', { search: 'CMD.EXE', filter, ...window });
    expect(r.status, r.text).toBe(200);
    const table = r.json.insights[0].IndexTable;
    expect([table.title, table.columns]).toEqual(['Host Timeline', [...evidenceTypes.triage.search.columns]]);
    const rows = indexRows(r);
    // sccainfo's stored run times, to the millisecond.
    expect(rows.map(([c]) => c[0]).sort()).toEqual(runs.map(utc).sort());
    expect(rows.every(([c]) => c[1] === 'prefetch' && c[2] === 'executed')).toBe(true);

    // Paging: three pages of three are the same rows, in the same order.
    const paged: string[][] = [];
    for (const page of [1, 2, 3])
      paged.push(...indexRows(await search('/analysis/triage/search', { search: 'CMD.EXE', filter, ...window, show: 3, page })).map(([c]) => c));
    expect(paged).toEqual(rows.map(([c]) => c));
  });

  test.skipIf(gates.evtx.skip)('triage search by user: the process creations of the account evtx_dump names', async () => {
    const r = await search('/analysis/triage/search', {
      filter: [
        { field: 'user', operator: 'contains', value: 'admmig' },
        { field: 'source', operator: 'equals', value: 'winevtx' },
      ],
    });
    expect(r.status, r.text).toBe(200);
    const rows = indexRows(r);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every(([, d]) => lower(d['User'] ?? '').includes('admmig'))).toBe(true);
  });

  test.skipIf(gates.evtx.skip)('the triage job’s own EVTX records: a winevtx search finds evtx_dump’s 4688 events', async () => {
    const expected = reference.events!.filter((e) => e.eventId === 4688);
    const r = await search('/analysis/winevtx/search', { filter: [{ field: 'event_id', operator: 'equals', value: '4688' }] });
    expect(r.status, r.text).toBe(200);
    const rows = indexRows(r);
    expect(rows).toHaveLength(expected.length);
    expect(rows.map(([c]) => c[4]).sort()).toEqual(expected.map((e) => e.computer).sort());
  });

  describe('a damaged collection: unknown member, corrupt hive, truncated log', () => {
    let fronts: { url: string; close(): Promise<void> };
    let jobId: string;
    let insights: Insight[];
    const dir = mkdtempSync(join(tmpdir(), 'triage-damage-'));
    // The 7-chunk Security log cut 30000 bytes into its fourth chunk (4096-byte header + 3 × 65536 + 30000), as an interrupted copy leaves it.
    const truncated = existsSync(SAMPLES) ? readFileSync(sample(GOLDEN.shareLog)).subarray(0, 4096 + 3 * 65536 + 30000) : Buffer.alloc(0);
    const truncatedPath = join(dir, 'truncated.evtx');

    beforeAll(async () => {
      fronts = await serveTypedFronts(h.deps);
      writeFileSync(truncatedPath, truncated);
      // The SAM hive with 8 KiB of its first hive bin (its root key) overwritten: the base block still says `regf`.
      const sam = Buffer.from(readFileSync(sample(GOLDEN.sam)));
      sam.fill(0xa5, 4096 + 32, 4096 + 32 + 8192);
      const damaged: HostFile[] = [
        { at: 'Windows/System32/winevt/Logs/Security.evtx', sample: GOLDEN.shareLog, data: truncated },
        { at: 'Windows/System32/config/SAM', sample: GOLDEN.sam, data: sam },
        { at: 'Windows/Prefetch/CMD.EXE-D269B812.pf', sample: GOLDEN.cmdPrefetch },
        { at: `${profile(USER).recent}/report.lnk`, sample: GOLDEN.link },
      ];
      const zip = kapeCollection(damaged, { extras: { [`C/Users/${USER}/Desktop/notes.txt`]: new TextEncoder().encode('not an artifact\n') } });
      const up = await upload(h.url, [{ name: 'damaged.zip', data: zip }]);
      // The typed front starts it: tRPC's parseTriage, the same operation as REST's.
      const created = await trpcMutation(fronts.url, 'parseTriage', { fileIds: [up.json.file_ids[0][0]], runSigmaRules: false });
      expect(created.status, JSON.stringify(created.json)).toBe(200);
      expect(created.json.result.data).toMatchObject({ category: 'triage' });
      jobId = created.json.result.data.id;
      const done = await waitForJob(h.url, jobId, {}, 600_000);
      expect(done.json.status, JSON.stringify(done.json.insights)).toBe('Completed');
      insights = done.json.insights;
    }, 700_000);
    afterAll(async () => {
      await fronts?.close();
      rmSync(dir, { recursive: true, force: true });
    });

    test('it completes; the unknown member is listed, the corrupt hive is unusable with its reason, the truncated log is reported', () => {
      const rows = rowsOf(titled(insights, 'Host Summary: Collection'));
      const row = (end: string) => rows.find((r) => r['Member']!.endsWith(end))!;
      expect(rows).toHaveLength(5);
      expect([row('Desktop/notes.txt')['Status'], row('Desktop/notes.txt')['Type']]).toEqual(['unknown type', '']);
      const sam = row('config/SAM');
      expect([sam['Type'], sam['Status']]).toEqual(['registry', 'unusable']);
      // The hive's own File metadata says why, and the inventory repeats it.
      const samMeta = titled(insights, 'Registry · File metadata: damaged.zip/C/Windows/System32/config/SAM')!.data as Record<string, string>;
      expect(samMeta['error']).toMatch(/0x1020/);
      expect(sam['Problem']).toBe(samMeta['error']);
      const log = row('Logs/Security.evtx');
      const logMeta = titled(insights, 'EVTX · File metadata: damaged.zip/C/Windows/System32/winevt/Logs/Security.evtx')!.data as Record<string, string>;
      expect([log['Records'], logMeta['records']]).toEqual([logMeta['records'], log['Records']]);
      expect(Number(log['Warnings']) > 0 || log['Problem'] !== '', `the truncated log's damage is reported: ${JSON.stringify(logMeta)}`).toBe(true);
      const types = rowsOf(titled(insights, 'Host Summary: Evidence Types'));
      expect(types.map((t) => [t['Type'], t['Members'], t['Unusable']])).toEqual([
        ['winevtx', '1', '0'],
        ['registry', '1', '1'],
        ['prefetch', '1', '0'],
        ['lnk', '1', '0'],
        ['unknown', '1', '1'],
      ]);
    });

    test('the rest is analysed: the prefetch and the link', () => {
      const stats = rowsOf(titled(insights, 'Prefetch · Executable Statistics'));
      expect(stats.map((r) => r['Executable'])).toContain('CMD.EXE');
      expect(rowsOf(titled(insights, 'Evidence of File & Folder Access')).length).toBeGreaterThan(0);
    });

    test.skipIf(gates.evtx.skip)('the truncated log gives the records evtx_dump reads in what is left', async () => {
      const expected = (await evtxDump(truncatedPath)).filter((e) => e.computer === 'fs03vuln.offsec.lan').length;
      expect(expected).toBeGreaterThan(0);
      let found = 0;
      for (let page = 1; page <= 10; page++) {
        const r = await post(h.url, '/analysis/winevtx/search', {
          job_id: jobId,
          search: '',
          browse_events: true,
          show: 100,
          page,
          filter: [{ field: 'computer', operator: 'equals', value: 'fs03vuln.offsec.lan' }],
        });
        expect(r.status, r.text).toBe(200);
        const rows = indexRows(r).length;
        found += rows;
        if (rows < 100) break;
      }
      expect(found).toBe(expected);
    });

    test('GraphQL reads the job and counts its Host Timeline facts as REST’s triage search finds them', async () => {
      const filter = { field: 'source', operator: 'equals', value: 'prefetch' };
      const rest = await post(h.url, '/analysis/triage/search', { job_id: jobId, search: '', browse_events: true, show: 100, filter: [filter] });
      expect(rest.status, rest.text).toBe(200);
      const answer = await graphqlQuery(
        fronts.url,
        `query ($id: ID!, $input: SearchRecordsInput!) {
          job(id: $id) { status evidenceType insights { title } }
          searchRecords(input: $input, first: 1) { title totalCount }
        }`,
        { id: globalId('Job', jobId), input: { jobId: globalId('Job', jobId), filters: [{ ...filter, operator: 'EQUALS' }] } },
      );
      expect(answer.errors, JSON.stringify(answer.errors)).toBeUndefined();
      expect([answer.data.job.status, answer.data.job.evidenceType]).toEqual(['COMPLETED', 'TRIAGE']);
      expect(answer.data.job.insights.map((i: { title: string }) => i.title)).toEqual(titles(insights));
      expect(answer.data.searchRecords.title).toBe('Host Timeline');
      expect(answer.data.searchRecords.totalCount).toBe(indexRows(rest).length);
      expect(answer.data.searchRecords.totalCount).toBeGreaterThan(0);
    });
  });

  describe('privacy: a private triage job leaves no member content, name or path in clear', () => {
    /** Every file under a directory (the data directory: blobs, record stores, scratch, PostgreSQL, Temporal). */
    function* filesUnder(d: string): Generator<string> {
      for (const name of readdirSync(d)) {
        const p = join(d, name);
        const st = statSync(p, { throwIfNoEntry: false });
        if (st?.isDirectory()) yield* filesUnder(p);
        else if (st?.isFile()) yield p;
      }
    }

    /**
     * A small collection, stored (not deflated) so its members' bytes stand in the zip as they are,
     * with probes of its own: a random profile name in its paths, and a random module name written
     * over KERNEL32 in a Windows 7 prefetch file's file-name strings (the parser reads it as a path).
     */
    interface Probe {
      text: string;
      encoding: 'utf8' | 'utf16le';
      bytes: Buffer;
    }

    function probeCollection(): { zip: Uint8Array; probes: Probe[]; user: string; module: string } {
      const user = `u${randomBytes(6).toString('hex')}`;
      const module = `Q${randomBytes(4).toString('hex').toUpperCase()}Z`.slice(0, 8);
      const pf = Buffer.from(readFileSync(sample('prefetch/Windows-Prefetch-Parser/Win7/CALC.EXE-77FDF17F.pf')));
      const at = pf.indexOf(Buffer.from('KERNEL32', 'utf16le'));
      expect(at).toBeGreaterThan(0);
      pf.write(module, at, 'utf16le');
      const p = profile(user);
      const host: HostFile[] = [
        { at: 'Windows/System32/config/SAM', sample: GOLDEN.sam },
        { at: p.ntuser, sample: GOLDEN.ntuser },
        { at: 'Windows/Prefetch/CALC.EXE-77FDF17F.pf', sample: 'prefetch/Windows-Prefetch-Parser/Win7/CALC.EXE-77FDF17F.pf', data: pf },
        { at: 'Windows/System32/winevt/Logs/Security.evtx', sample: GOLDEN.relayLog },
        { at: `${p.recent}/report.lnk`, sample: GOLDEN.link },
      ];
      // KAPE's target folder, named for this run: the member paths are the collection's own.
      const root = `${new Date().toISOString().slice(0, 10)}T${randomBytes(4).toString('hex')}_HOST`;
      const texts = [`${root}/C/Windows/System32/config/SAM`, `${root}/C/Users/${user}/NTUSER.DAT`, user, module];
      const probes = texts.flatMap((text) => (['utf8', 'utf16le'] as const).map((encoding) => ({ text, encoding, bytes: Buffer.from(text, encoding) })));
      return { zip: kapeCollection(host, { stored: true, root }), probes, user, module };
    }

    /** The probes found anywhere under the data directory, with the file holding each. */
    function scan(probes: Probe[]): { file: string; text: string; encoding: string }[] {
      const found: { file: string; text: string; encoding: string }[] = [];
      let scanned = 0;
      for (const file of filesUnder(h.stack.dataDir)) {
        const bytes = readFileSync(file);
        scanned += bytes.length;
        for (const { text, encoding, bytes: probe } of probes) if (bytes.includes(probe)) found.push({ file, text, encoding });
      }
      expect(scanned).toBeGreaterThan(1024 * 1024);
      return found;
    }

    test('private: after the job, no file of the data directory or the Temporal database holds a probe', async () => {
      const { token } = await createUser(h.db);
      const owner = { token, key: newClientKey() };
      const { zip, probes, user, module } = probeCollection();
      const { id, done } = await triage(h, 'private-host.zip', zip, owner);
      expect(done.json.status, JSON.stringify(done.json.insights)).toBe('Completed');
      // The owner reads the probes back (so they were in the results): paths and the profile in the insights,
      // the module in the prefetch member's records, the profile in the Host Timeline.
      expect(JSON.stringify(done.json.insights)).toContain(`/C/Users/${user}/NTUSER.DAT`);
      const records = await post(h.url, '/analysis/prefetch/search', { job_id: id, search: module, browse_events: true, show: 10 }, owner);
      expect(records.status, records.text).toBe(200);
      expect(records.json.insights[0].IndexTable.data.length).toBeGreaterThan(0);
      const timeline = await post(h.url, '/analysis/triage/search', { job_id: id, search: user, browse_events: true, show: 10 }, owner);
      expect(timeline.status, timeline.text).toBe(200);
      expect(existsSync(join(h.stack.dataDir, 'temporal', 'temporal.db'))).toBe(true);
      expect(scan(probes)).toEqual([]);
    }, 700_000);

    test('public: the same scan finds the probes of a public job (the scan can fail)', async () => {
      const { zip, probes, module } = probeCollection();
      const { id, done } = await triage(h, 'public-host.zip', zip);
      expect(done.json.status).toBe('Completed');
      const found = scan(probes);
      const inFile = (end: string) => found.filter((f) => f.file.endsWith(end));
      // The stored zip's blob holds the member paths and bytes in clear, by design for public uploads;
      // so do the job's record stores: the Host Timeline's, and each member type's (the module as the parser decoded it).
      expect(found.some((f) => f.text.endsWith('/C/Windows/System32/config/SAM') && f.file.includes('/blobs/'))).toBe(true);
      expect(found.some((f) => f.text === module && f.encoding === 'utf16le')).toBe(true);
      expect(inFile(`${id}.triage.db`).length).toBeGreaterThan(0);
      expect(inFile(`${id}.registry.db`).length).toBeGreaterThan(0);
      expect(inFile(`${id}.prefetch.db`).map((f) => [f.text, f.encoding])).toContainEqual([module, 'utf8']);
    }, 700_000);
  });

  describe('bad triage requests get the contract’s answers', () => {
    const expectJson = (r: Reply, status: number, error: string) => expect([r.status, r.json]).toEqual([status, { error }]);

    test('no ids, too many ids, a missing or non-boolean run_sigma_rules, an unknown or malformed id', async () => {
      const parse = (b: unknown, creds: Creds = {}) => post(h.url, '/analysis/triage/parse', b, creds);
      expectJson(await parse({ file_ids: [], run_sigma_rules: false }), 400, 'No file IDs provided');
      expectJson(await parse({ run_sigma_rules: false }), 400, 'No file IDs provided');
      expectJson(await parse({ file_ids: Array.from({ length: 1001 }, () => randomUUID()), run_sigma_rules: false }), 400, 'Too many file IDs provided');
      const up = await upload(h.url, [{ path: sample(GOLDEN.cmdPrefetch) }]);
      const fileId = up.json.file_ids[0][0];
      expectJson(await parse({ file_ids: [fileId] }), 400, 'run_sigma_rules must be a boolean');
      expectJson(await parse({ file_ids: [fileId], run_sigma_rules: 'yes' }), 400, 'run_sigma_rules must be a boolean');
      expectJson(await parse({ file_ids: [randomUUID()], run_sigma_rules: false }), 400, 'Failed to download file');
      expectJson(await parse({ file_ids: ['not-a-uuid'], run_sigma_rules: false }), 400, 'Failed to download file');
      expectJson(await parse({ file_ids: [fileId], run_sigma_rules: false }, { token: randomUUID() }), 401, 'Unauthorized');
    });

    test('another user’s private file reads as a failed download, even with its key', async () => {
      const alice = await createUser(h.db);
      const bob = await createUser(h.db);
      const key = newClientKey();
      const up = await upload(h.url, [{ path: sample(GOLDEN.cmdPrefetch) }], { token: alice.token, key });
      const mine = up.json.file_ids[0][0];
      expectJson(
        await post(h.url, '/analysis/triage/parse', { file_ids: [mine], run_sigma_rules: false }, { token: bob.token, key }),
        400,
        'Failed to download file',
      );
      expectJson(await post(h.url, '/analysis/triage/parse', { file_ids: [mine], run_sigma_rules: false }), 400, 'Failed to download file');
    });

    test('4 GiB in all is accepted, one byte more refused (file rows with recorded sizes)', async () => {
      // The limit is checked on the sizes the upload recorded; a 4 GiB upload is out of reach here.
      const { userId, token } = await createUser(h.db);
      const row = (size: number) => recordedFile(h.db, userId, size, 'collection.zip');
      const GiB = 1024 ** 3;
      const [a, b, one] = [await row(2 * GiB), await row(2 * GiB), await row(1)];
      const ok = await post(h.url, '/analysis/triage/parse', { file_ids: [a, b], run_sigma_rules: false }, { token });
      expect(ok.status, ok.text).toBe(200);
      // Its blobs do not exist: remove the job before a worker tries to read them.
      expect((await post(h.url, '/analysis/job/delete', { ids: [ok.json.id] }, { token })).status).toBe(200);
      expectJson(
        await post(h.url, '/analysis/triage/parse', { file_ids: [a, b, one], run_sigma_rules: false }, { token }),
        400,
        'Max triage analysis size limit exceeded (4GB)',
      );
    });

    test('search: a job of another type, an unknown job', async () => {
      const other = await upload(h.url, [{ path: sample(GOLDEN.cmdPrefetch) }]);
      const job = await post(h.url, '/analysis/prefetch/parse', { file_ids: [other.json.file_ids[0][0]] });
      await waitForJob(h.url, job.json.id);
      const wrong = await post(h.url, '/analysis/triage/search', { job_id: job.json.id, search: '', browse_events: true });
      expectJson(wrong, 400, 'Job is not a triage parse job');
      expectJson(await post(h.url, '/analysis/triage/search', { job_id: randomUUID(), search: '', browse_events: true }), 404, 'Job not found');
    });
  });

  test('every tool the comparisons need is gated (CI fails without one)', () => {
    for (const tool of ['sccainfo', 'evtx_dump', 'lnkinfo', 'regipy-dump'])
      expect([tool, findTool(tool) !== undefined || !process.env.CI]).toEqual([tool, true]);
    expect(basename(GOLDEN.system)).toBe('SYSTEM_B');
  });
});
