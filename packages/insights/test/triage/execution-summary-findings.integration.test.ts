import { statSync } from 'node:fs';
import { findTool, sharedPath, toolGate } from '@quarry/testkit';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Insight } from '../../src/index.js';
import { normalisePath } from '../../src/triage/normalise-path.js';
import { timelineFacts } from '../../src/triage/facts/index.js';
import { titleOf } from '../../src/triage/host-state.js';
import { DUMP_GATE, dumpEvents, str } from '../evtx/evtx-dump.js';
import { sccainfo, sccainfoCell, sccainfoMs } from '../prefetch/sccainfo.js';
import { REGIPY, refTime, regipy } from '../registry/support/reference.js';
import { HAVE_SAMPLES, NO_SAMPLES, samplePath } from '../support/inputs.js';
import { sigmaRulesFrom } from '../support/sigma-rules.js';
import { hostJob, memberResults, skipUnless, table, type MemberJob } from './support.js';

/**
 * Issue 35, host result types over the real per-type results of samples from several machines:
 * SYSTEM_B (DESKTOP-PM6C56D) and corrupted_system_hive (GINEVRA), a SAM, an NTUSER, an Amcache;
 * the Win10 CMD.EXE prefetch file; Sysmon 1 events of cmd.exe (metasploit-sysmon) and a 4688 log.
 * Expected values come from regipy, sccainfo and evtx_dump, never from our parsers.
 */
const SCCAINFO = findTool('sccainfo');
const SCCA_GATE = toolGate('sccainfo');
const { skip: SKIP, reason: REASON } = skipUnless([REGIPY, DUMP_GATE, SCCA_GATE]);

const CMD_PF = 'prefetch/Windows-Prefetch-Parser/Win10/CMD.EXE-D269B812.pf';
const SYSMON = 'evtx/DeepBlueCLI/metasploit-sysmon.evtx';
const JOBS = (): MemberJob[] => [
  {
    type: 'registry',
    files: [
      'registry/regipy/SYSTEM_B',
      'registry/regipy/corrupted_system_hive',
      'registry/regipy/SAM',
      'registry/plaso/NTUSER-WIN7.DAT',
      'registry/plaso/win10-Amcache.hve',
    ],
  },
  { type: 'prefetch', files: [CMD_PF, 'prefetch/DFIRArtifactMuseum/Win10_RathbunVM/NOTEPAD.EXE-C5670914.pf'] },
  {
    type: 'winevtx',
    files: [SYSMON, 'evtx/EVTX-ATTACK-SAMPLES/LM_WMI_4624_4688_TargetHost.evtx'],
    sigmaRules: sigmaRulesFrom(sharedPath('rules', 'sigma', 'rules', 'windows', 'process_creation')),
  },
];
const UNKNOWN = 'MANIFEST.tsv';
const CMD = '\\windows\\system32\\cmd.exe';

const metadata = (insights: Insight[], title: string): Record<string, string> => {
  const m = insights.find((i) => 'Metadata' in i && i.Metadata.title === title);
  if (!m || !('Metadata' in m)) throw new Error(`no metadata ${title}`);
  return m.Metadata.data;
};

describe.skipIf(SKIP)(`triage host result types over sample member results ${SKIP ? REASON : ''}`, () => {
  let insights: Insight[];
  let jobs: MemberJob[];
  beforeAll(async () => {
    jobs = JOBS();
    insights = await hostJob(await memberResults(jobs), [UNKNOWN]);
  }, 600_000);

  it('lists its own result types first, in the descriptor order, then every member type insight retitled', () => {
    const titles = insights.map(titleOf);
    expect(titles.filter((t) => t === 'Host Summary' || t === 'Findings' || t === 'Evidence of Execution')).toEqual([
      'Host Summary',
      'Findings',
      'Evidence of Execution',
    ]);
    expect(titles).toContain('Registry · Application Data: ShimCache');
    expect(titles).toContain('Prefetch · Executable Statistics');
    expect(titles).toContain('EVTX · Process Analysis');
  });

  it('Evidence of Execution: cmd.exe seen by prefetch, ShimCache and Sysmon 1 is ONE row naming all three', async () => {
    const pf = sccainfo(SCCAINFO!, samplePath(CMD_PF))!;
    const shim = ((await regipy('regipy/SYSTEM_B', 'shimcache')).shimcache as { path: string; last_mod_date: string }[]).filter(
      (e) => normalisePath(e.path) === CMD,
    );
    const events = dumpEvents(SYSMON).filter((e) => e.id === 1 && normalisePath(str(e, 'Image')) === CMD);
    // Each source holds cmd.exe by the reference tools' reading.
    expect(pf.executable).toBe('CMD.EXE');
    expect(shim).toHaveLength(1);
    expect(events.length).toBeGreaterThan(0);

    const rows = table(insights, 'Evidence of Execution').filter((r) => normalisePath(r['Executable']!) === CMD && !/userassist|bam/.test(r['Sources']!));
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row['Sources']!.split(', ')).toEqual(expect.arrayContaining(['prefetch', 'shimcache', 'sysmon 1']));
    expect(row['Run Count']).toBe(String(pf.runCount));
    expect(row['Prefetch Runs']!.split(', ').sort()).toEqual(pf.runTimes.map(sccainfoCell).sort());
    expect(row['ShimCache']).toContain(`modified ${refTime(shim[0]!.last_mod_date)}`);
    expect(row['Process Events']).toBe(String(events.length));
    const times = events.map((e) => e.time).sort();
    expect(row['Last Run']).toBe(refTime(times.at(-1)));
    expect(row['First Seen']).toBe(sccainfoCell(pf.runTimes.reduce((a, b) => (sccainfoMs(a) <= sccainfoMs(b) ? a : b))));
    for (const c of row['Command Lines']!.split('\n').filter((c) => !c.startsWith('… '))) expect(events.map((e) => str(e, 'CommandLine'))).toContain(c);
    expect(row['User']!.split(', ').sort()).toEqual([...new Set(events.map((e) => str(e, 'User')))].sort());
    expect(row['Reasons']).toMatch(/LOLBAS: cmd \(/);
    expect(row['Evidence']).toMatch(/Prefetch · Executable Statistics#row-\d+/);
    expect(row['Evidence']).toMatch(/Registry · Application Data: ShimCache#row-\d+/);
    expect(row['Evidence']).toMatch(/EVTX · Process Analysis#row-\d+/);
  });

  it('Evidence of Execution: Sigma on cmd.exe is the rules whose matches include a cmd.exe record of evtx_dump', () => {
    const cmdRecords = new Set(
      dumpEvents(SYSMON)
        .filter((e) => e.id === 1 && normalisePath(str(e, 'Image')) === CMD)
        .map((e) => String(e.recordId)),
    );
    const sigma = table(insights, 'EVTX · Overview: Sigma Matches');
    const expected = sigma.filter((s) => s['Record IDs']!.split(', ').some((id) => cmdRecords.has(id))).map((s) => s['Rule']!);
    expect(expected.length).toBeGreaterThan(0);
    const row = table(insights, 'Evidence of Execution').find((r) => normalisePath(r['Executable']!) === CMD && r['Sources']!.includes('prefetch'))!;
    expect(row['Sigma']!.split(', ').sort()).toEqual([...new Set(expected)].sort());
    for (const rule of expected) expect(row['Reasons']).toContain(`Sigma: ${rule}`);
  });

  it('Evidence of Execution: a UserAssist run is a row of its own for its user, joined on the path', async () => {
    const ua = (await regipy('plaso/NTUSER-WIN7.DAT', 'user_assist')).user_assist as { name: string; run_counter: number; timestamp: string }[];
    const cmd = ua.find((e) => e.name.toLowerCase() === '%system32%\\cmd.exe')!;
    expect(cmd).toBeDefined();
    const rows = table(insights, 'Evidence of Execution').filter((r) => normalisePath(r['Executable']!) === CMD);
    const user = rows.filter((r) => r['Sources'] === 'userassist');
    expect(user).toHaveLength(1);
    expect(user[0]!['User']).not.toBe('');
    expect(user[0]!['Run Count']).toBe(String(cmd.run_counter));
    expect(user[0]!['Last Run']).toBe(refTime(cmd.timestamp));
    expect(user[0]!['Evidence']).toMatch(/^Registry · User Activity#row-\d+$/);
    // The machine-wide row stays apart (prefetch's count is not the user's), as does BAM's row for its SID.
    expect(rows.filter((r) => r['Sources']!.includes('prefetch'))).toHaveLength(1);
    expect(rows.filter((r) => r['Sources'] === 'bam').every((r) => r['User']!.startsWith('S-1-5-'))).toBe(true);
  });

  it('Evidence of Execution: Amcache files carry the SHA-1 and first-seen time regipy reads', async () => {
    const amcache = (
      (await regipy('plaso/win10-Amcache.hve', 'amcache')).amcache as { lower_case_long_path?: string; sha1?: string; timestamp: string }[]
    ).filter((e) => e.lower_case_long_path && e.sha1);
    expect(amcache.length).toBeGreaterThan(0);
    const rows = table(insights, 'Evidence of Execution');
    for (const e of amcache) {
      const row = rows.find(
        (r) => r['Sources']!.split(', ').includes('amcache') && normalisePath(r['Executable']!) === normalisePath(e.lower_case_long_path!),
      )!;
      expect(row['Amcache SHA-1']!.split(', ')).toContain(e.sha1!.toLowerCase());
      expect(row['Evidence']).toMatch(/Registry · Application Data: Application Traces#row-\d+/);
      // Amcache's time is when the entry was written (first seen), never a later run.
      if (row['Sources'] === 'amcache') expect(row['First Seen']).toBe(refTime(e.timestamp));
    }
  });

  it('Host Summary: each host name with its hive (two machines), time zone and shutdown as regipy reads the SYSTEM hives', async () => {
    const b = await regipy('regipy/SYSTEM_B', 'computer_name', 'timezone_data', 'shutdown');
    const g = await regipy('regipy/corrupted_system_hive', 'computer_name', 'shutdown');
    const meta = metadata(insights, 'Host Summary');
    expect(meta.host_name).toBe(`${b.computer_name[0].name} (SYSTEM_B); ${g.computer_name[0].name} (corrupted_system_hive)`);
    const tz = b.timezone_data['\\ControlSet001\\Control\\TimeZoneInformation'] as { name: string; value: unknown }[];
    expect(meta.time_zone).toContain(`Bias ${String(tz.find((v) => v.name === 'Bias')!.value)} min`);
    const shutdowns = meta.last_shutdown!.split('; ');
    expect(shutdowns[0]!.slice(0, 19)).toBe(b.shutdown['\\ControlSet001\\Control\\Windows'].date);
    expect(shutdowns[1]!.slice(0, 19)).toBe(g.shutdown['\\ControlSet001\\Control\\Windows'].date);
    const system = table(insights, 'Host Summary: System').filter((r) => r['Setting'] === 'Computer Name');
    expect(system.map((r) => [r['Value'], r['Source']])).toEqual([
      [b.computer_name[0].name, 'SYSTEM_B'],
      [g.computer_name[0].name, 'corrupted_system_hive'],
    ]);
    expect(system.every((r) => /^Registry · System Configuration#row-\d+$/.test(r['Evidence']!))).toBe(true);
  });

  it('Host Summary: users are the SAM accounts regipy samparse reads; interfaces those of network_data', async () => {
    const sam = (await regipy('regipy/SAM', 'samparse')).samparse as { rid: number; login_count: number }[];
    const users = table(insights, 'Host Summary: Users').filter((r) => r['Source']!.startsWith('SAM'));
    expect(users.map((r) => Number(r['SID']!.split('-').at(-1))).sort()).toEqual(sam.map((e) => e.rid).sort());
    for (const e of sam) expect(users.find((r) => r['SID']!.endsWith(`-${e.rid}`))!['Logon Count']).toBe(String(e.login_count));
    const net = await regipy('regipy/SYSTEM_B', 'network_data');
    const ifaces = net.network_data['\\ControlSet001\\Services\\Tcpip\\Parameters\\Interfaces'].interfaces as {
      interface_name: string;
      dhcp_ip_address?: string;
    }[];
    const rows = table(insights, 'Host Summary: Network Interfaces').filter((r) => r['Hive'] === 'SYSTEM_B');
    expect(rows.map((r) => r['Interface']).sort()).toEqual(ifaces.map((i) => i.interface_name).sort());
    for (const i of ifaces.filter((x) => x.dhcp_ip_address))
      expect(rows.find((r) => r['Interface'] === i.interface_name)!['IP Address']).toBe(i.dhcp_ip_address);
  });

  it('Host Summary: collection time range over the Host Timeline facts and the per-type times (evtx_dump, sccainfo); inventory per type with the unknown member listed', async () => {
    const times: number[] = [];
    for (const rel of jobs.find((j) => j.type === 'winevtx')!.files) for (const e of dumpEvents(rel)) times.push(Date.parse(e.time));
    for (const rel of jobs.find((j) => j.type === 'prefetch')!.files) for (const t of sccainfo(SCCAINFO!, samplePath(rel))!.runTimes) times.push(sccainfoMs(t));
    // The facts are the Host Timeline's (triaccess's extractors, checked by their own tests); the reference times must lie within.
    const facts = (await memberResults(jobs)).flatMap(timelineFacts).map((f) => f.time);
    const meta = metadata(insights, 'Host Summary');
    const cell = (ms: number) => refTime(new Date(ms).toISOString());
    expect(meta.first_time!.slice(0, 27)).toBe(cell(Math.min(...times, ...facts)));
    expect(meta.last_time!.slice(0, 27)).toBe(cell(Math.max(...times, ...facts)));
    expect(Date.parse(meta.first_time!.slice(0, 23).replace(' ', 'T') + 'Z')).toBeLessThanOrEqual(Math.min(...times));

    const types = table(insights, 'Host Summary: Evidence Types');
    for (const job of jobs) {
      const row = types.find((r) => r['Type'] === job.type)!;
      expect(row['Members']).toBe(String(job.files.length));
      expect(row['Bytes']).toBe(String(job.files.reduce((n, f) => n + statSync(samplePath(f)).size, 0)));
    }
    expect(types.find((r) => r['Type'] === 'unknown')).toMatchObject({ Members: '1', Unusable: '1' });
    const collection = table(insights, 'Host Summary: Collection');
    expect(collection[0]).toMatchObject({ Member: `collection.zip/${UNKNOWN}`, Type: '', Status: 'unknown type' });
    expect(collection).toHaveLength(jobs.reduce((n, j) => n + j.files.length, 1));
  });

  it('Findings: every Critical/High row of every result type, once, sorted by time with timeless rows last', () => {
    const findings = table(insights, 'Findings');
    const links = new Set(findings.flatMap((f) => f['Evidence']!.split('; ')));
    let expected = 0;
    for (const insight of insights) {
      const title = titleOf(insight);
      // The Host Timeline's entries restate per-type rows, which are checked themselves.
      if (title === null || title === 'Findings' || title.startsWith('Host Timeline')) continue;
      if ('Timeline' in insight) {
        insight.Timeline.data.forEach((e, n) => {
          if (e.importance === 'High' || e.importance === 'Critical') {
            expected++;
            expect(links).toContain(`${title}#row-${n}`);
          }
        });
        continue;
      }
      if (!('Table' in insight) && !('IndexTable' in insight)) continue;
      const rows = 'Table' in insight ? table([insight], title) : [];
      const level = 'Table' in insight ? ['Importance', 'Level', 'Severity'].find((c) => insight.Table.data[0]!.includes(c)) : 'Importance';
      const levels =
        'Table' in insight
          ? rows.map((r) => r[level ?? ''] ?? '')
          : insight.IndexTable.data.map(([cells]) => cells[insight.IndexTable.columns.indexOf('Importance')] ?? '');
      levels.forEach((l, n) => {
        if (/^(high|critical)$/i.test(l)) {
          expected++;
          expect(links).toContain(`${title}#row-${n}`);
        }
      });
    }
    expect(expected).toBeGreaterThan(0);
    expect(findings.every((f) => f['Importance'] === 'High' || f['Importance'] === 'Critical')).toBe(true);
    const times = findings.map((f) => f['Time']!);
    const timed = times.filter((t) => t !== '');
    expect(timed).toEqual([...timed].sort());
    expect(times.slice(timed.length).every((t) => t === '')).toBe(true);
    expect(new Set(findings.map((f) => f['Evidence']!.split('; ')[0])).size).toBe(findings.length);
    expect(findings.some((f) => f['Result Type']!.startsWith('Host Timeline'))).toBe(false);
  });
});

describe.skipIf(!HAVE_SAMPLES || DUMP_GATE.skip)(
  `triage Host Summary without SYSTEM/SOFTWARE hives ${!HAVE_SAMPLES ? NO_SAMPLES : DUMP_GATE.skip ? DUMP_GATE.reason : ''}`,
  () => {
    const SYSTEM_LOG = 'evtx/plaso/System.evtx';

    it("takes the host's names, OS (6009) and time zone (6013) from the event logs' computers, each with its source", async () => {
      const insights = await hostJob(await memberResults([{ type: 'winevtx', files: [SYSTEM_LOG] }]));
      const events = dumpEvents(SYSTEM_LOG);
      const computers = [...new Set(events.map((e) => e.computer))].sort();
      const system = table(insights, 'Host Summary: System');
      const names = system.filter((r) => r['Setting'] === 'Computer Name');
      expect(names.map((r) => r['Value']).sort()).toEqual(computers);
      expect(names.every((r) => r['Source'] === `EVTX ${r['Value']}` && /^EVTX · Overview: Computers#row-\d+$/.test(r['Evidence']!))).toBe(true);
      expect(metadata(insights, 'Host Summary').host_name!.split('; ').sort()).toEqual(computers.map((c) => `${c} (EVTX ${c})`).sort());
      // EventLog 6009's data: major.minor version then build ("6.01.", "7601", …) for each computer that logged one.
      const os = new Map(events.filter((e) => e.id === 6009).map((e) => [e.computer, e]));
      expect(os.size).toBeGreaterThan(0);
      for (const [computer, e] of os) {
        const data = (e.data as { Data?: { '#text'?: string[] } }).Data?.['#text'] ?? [];
        const row = system.find((r) => r['Setting'] === 'OS' && r['Source'] === `EVTX ${computer}`)!;
        expect(row['Value']).toContain(data[1]!);
      }
      // EventLog 6013's last value ("0 Coordinated Universal Time": bias in minutes, then the zone's name).
      const tz = events.filter((e) => e.id === 6013);
      const last = tz.reduce((a, b) => (a.time >= b.time ? a : b));
      const zone = ((last.data as { Data?: { '#text'?: string[] } }).Data?.['#text'] ?? []).at(-1)!.replace(/^-?\d+ /, '');
      expect(system.find((r) => r['Setting'] === 'Time Zone' && r['Source'] === `EVTX ${last.computer}`)!['Value']).toContain(zone);
    });
  },
);
