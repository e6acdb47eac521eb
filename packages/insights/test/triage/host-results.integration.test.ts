import { execFileSync } from 'node:child_process';
import { basename } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { findTool, toolGate } from '@quarry/testkit';
import type { Insight, TriageRecord } from '../../src/index.js';
import { DUMP_GATE, dumpEvents, str, type DumpedEvent } from '../evtx/evtx-dump.js';
import { lnkinfo, lnkinfoCell } from '../shortcuts/lnkinfo.js';
import { REGIPY, REGIPY_SHELLBAGS, regipy } from '../registry/support/reference.js';
import { HAVE_SAMPLES, NO_SAMPLES, inputsOf, samplePath } from '../support/inputs.js';
import { runHostJob, sampleEvidence, type HostJob } from './support/host-job.js';
import { table } from './support.js';

/**
 * Issue 35, the host result types File & Folder Access, Accounts & Logons and Host Timeline, over
 * the real per-type results of sample evidence, fed through fanOut as the triage reader feeds them.
 * Expected values come from the evidence through reference tools (evtx_dump, lnkinfo, regipy) or
 * from the per-type cells the facts were read from (the time written back as text by toISOString).
 */
const LNKINFO = findTool('lnkinfo');
const EVTXEXPORT = findTool('evtxexport');
const EVTXEXPORT_GATE = toolGate('evtxexport');

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** evtxexport's `Written time` of each record, in file order, as a cell (`Sep 09, 2020 13:18:25.377120000 UTC` → `2020-09-09 13:18:25.377 UTC`). */
function writtenTimes(rel: string): string[] {
  const out = execFileSync(EVTXEXPORT!, [samplePath(rel)], { encoding: 'utf8', maxBuffer: 1 << 30, stdio: ['ignore', 'pipe', 'ignore'] });
  return [...out.matchAll(/^Written time\s*: (\w{3}) (\d{2}), (\d{4}) (\d{2}:\d{2}:\d{2})\.(\d{3})\d* UTC$/gm)].map(
    (m) => `${m[3]}-${String(MONTHS.indexOf(m[1]!) + 1).padStart(2, '0')}-${m[2]} ${m[4]}.${m[5]} UTC`,
  );
}
const LNK_GATE = toolGate('lnkinfo');

/** `2018-03-27 21:45:28.056 UTC`, written by the platform's Date, not by the code under test. */
const asCell = (ms: number): string => `${new Date(ms).toISOString().slice(0, 10)} ${new Date(ms).toISOString().slice(11, 23)} UTC`;

/** The per-type insight a fact names, by its own title. */
function sourceOf(job: HostJob, f: TriageRecord): Insight | undefined {
  const results = job.nested.find((n) => n.type === f.source);
  return results?.insights.find((i) => Object.values(i)[0]?.title === f.resultType);
}

describe.skipIf(!HAVE_SAMPLES)(`Host result types over sample evidence ${HAVE_SAMPLES ? '' : NO_SAMPLES}`, () => {
  let job: HostJob;
  const rels = HAVE_SAMPLES ? sampleEvidence() : undefined;
  beforeAll(async () => {
    const { winevtx, registry, prefetch, lnk } = rels!;
    job = await runHostJob({ winevtx: inputsOf(winevtx), registry: inputsOf(registry), prefetch: inputsOf(prefetch), lnk: inputsOf(lnk) });
  }, 600_000);

  test('every fact has a time that reads back from the cell (or timeline entry) it names', () => {
    expect(job.facts.length).toBeGreaterThan(1000);
    const unmatched: string[] = [];
    for (const f of job.facts) {
      const insight = sourceOf(job, f);
      expect(insight, `${f.source} ${f.resultType}`).toBeDefined();
      if (insight && 'Timeline' in insight) {
        const e = insight.Timeline.data[f.row!]!;
        if (f.time !== e.timestamp_start && f.time !== e.timestamp_end) unmatched.push(`${f.resultType}#${f.row}`);
        continue;
      }
      if (!insight || !('Table' in insight)) continue;
      const cells = insight.Table.data[f.row! + 1]!;
      const text = asCell(f.time);
      const day = text.slice(0, 10);
      const found = cells.some(
        (c) => c === text || c.split(', ').includes(text) || (f.timeKind === 'installed' && c === day && text.endsWith('00:00:00.000 UTC')),
      );
      if (!found) unmatched.push(`${f.source} ${f.resultType}#${f.row} ${text}`);
    }
    expect(unmatched.slice(0, 10)).toEqual([]);
  });

  test('facts come from every member type, with the kinds their tables hold', () => {
    const kinds = (source: string) => new Set(job.facts.filter((f) => f.source === source).map((f) => f.timeKind));
    expect([...kinds('prefetch')]).toEqual(expect.arrayContaining(['executed', 'created']));
    expect([...kinds('lnk')]).toEqual(expect.arrayContaining(['created', 'modified', 'accessed']));
    expect([...kinds('registry')]).toEqual(
      expect.arrayContaining(['key written', 'executed', 'connected', 'installed', 'logged on', 'password set', 'shutdown', 'modified']),
    );
    expect([...kinds('winevtx')]).toEqual(expect.arrayContaining(['logged on', 'logon failed', 'executed', 'first seen']));
    // Every EVTX fact leads to its records; Sigma facts name their rule.
    expect(job.facts.filter((f) => f.source === 'winevtx' && f.records === null)).toEqual([]);
    expect(job.facts.some((f) => f.sigmaRule === 'Security Eventlog Cleared')).toBe(true);
    // Tables without an Importance column take the judging table's: LOLBIN Detection rates REGSVR32 High, Suspicious Shortcuts AppVLP Medium.
    expect(job.facts.find((f) => f.source === 'prefetch' && f.path === '\\WINDOWS\\SYSWOW64\\REGSVR32.EXE')?.importance).toBe('High');
    expect(job.facts.find((f) => f.source === 'lnk' && f.artifact === 'Office 2016 Upload Center (1).lnk.test')?.importance).toBe('Medium');
  });

  test('Host Timeline: every fact (under the limit) in time order, numbered in push order, with its source row link', () => {
    const t = job.insights.find((i) => 'Timeline' in i && i.Timeline.title === 'Host Timeline');
    if (!t || !('Timeline' in t)) throw new Error('no Host Timeline');
    expect(t.Timeline.data).toHaveLength(job.facts.length);
    const times = t.Timeline.data.map((e) => e.timestamp_start);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(new Set(t.Timeline.data.map((e) => e.record_id)).size).toBe(job.facts.length);
    const first = t.Timeline.data.find((e) => e.record_id === 1)!;
    expect(first.timestamp_start).toBe(job.facts[0]!.time);
    expect(first.description).toContain(`${job.facts[0]!.resultType}#row-${job.facts[0]!.row}`);
    const coverage = job.insights.find((i) => 'Metadata' in i && i.Metadata.title === 'Host Timeline: Coverage');
    expect(coverage && 'Metadata' in coverage ? coverage.Metadata.data['facts'] : '').toBe(String(job.facts.length));
    // The SYSTEM hive's time zone (regipy SYSTEM_B: Eastern Standard Time).
    expect(coverage && 'Metadata' in coverage ? coverage.Metadata.data['host_time_zone'] : '').toContain('Eastern Standard Time');
  });

  test.skipIf(DUMP_GATE.skip)(
    `Accounts & Logons: 4624/4625 counts and logon types per account equal evtx_dump's ${DUMP_GATE.skip ? DUMP_GATE.reason : ''}`,
    () => {
      const expected = new Map<string, { ok: number; failed: number; types: Set<string> }>();
      for (const rel of rels!.winevtx)
        for (const e of dumpEvents(rel)) {
          if (e.id !== 4624 && e.id !== 4625) continue;
          const user = str(e, 'TargetUserName').toLowerCase();
          const x = expected.get(user) ?? { ok: 0, failed: 0, types: new Set<string>() };
          if (e.id === 4624) x.ok++;
          else x.failed++;
          x.types.add(`${e.id === 4624 ? 'Success' : 'Failure'} ${str(e, 'LogonType')} `);
          expected.set(user, x);
        }
      expect(expected.size).toBeGreaterThan(3);
      const accounts = table(job.insights, 'Accounts & Logons');
      for (const [user, x] of expected) {
        const row = accounts.find((r) => r['Account']!.toLowerCase().split(', ').includes(user));
        expect(row, user).toBeDefined();
        expect([user, row!['Successful Logons'], row!['Failed Logons']]).toEqual([user, String(x.ok), String(x.failed)]);
        for (const type of x.types) expect(row!['Logon Types'], user).toContain(type);
        expect(row!['Links']).toMatch(/ · Authentication#row-\d+/);
      }
    },
  );

  test.skipIf(DUMP_GATE.skip || EVTXEXPORT_GATE.skip)(
    `Host Timeline: a logon group's first fact is at its first record's written time (evtx_dump for the record, evtxexport for its time) ${DUMP_GATE.skip ? DUMP_GATE.reason : EVTXEXPORT_GATE.skip ? EVTXEXPORT_GATE.reason : ''}`,
    () => {
      // The EVTX result types time an event by its record header (written time, ahead of TimeCreated
      // by up to seconds), which evtxexport prints in record order; evtx_dump, in the same order,
      // gives each record's id and fields.
      const events = new Map<string, { event: DumpedEvent; written: string }>();
      for (const rel of rels!.winevtx) {
        const dumped = dumpEvents(rel);
        const written = writtenTimes(rel);
        expect(written).toHaveLength(dumped.length);
        dumped.forEach((event, i) => events.set(`${event.computer}|${event.recordId}`, { event, written: written[i]! }));
      }
      const firsts = job.facts.filter((f) => f.source === 'winevtx' && f.resultType === 'Authentication' && f.description.startsWith('first: '));
      expect(firsts.length).toBeGreaterThan(5);
      for (const f of firsts) {
        const filter = (field: string) => f.records?.filters.find((x) => x.field === field)?.value;
        const found = events.get(`${filter('computer')}|${filter('record_id')}`);
        expect(found, f.description).toBeDefined();
        const { event, written } = found!;
        expect([4624, 4625]).toContain(event.id);
        expect(f.timeKind).toBe(event.id === 4624 ? 'logged on' : 'logon failed');
        // A header without a time (1601) gives way to the event's TimeCreated, as the EVTX result types time it.
        const created = `${event.time.slice(0, 10)} ${event.time.slice(11, 23)} UTC`;
        expect(asCell(f.time)).toBe(written.startsWith('1601-') ? created : written);
        expect(f.user?.toLowerCase()).toBe(str(event, 'TargetUserName').toLowerCase());
      }
    },
  );

  test.skipIf(REGIPY.skip)(`Accounts & Logons: SAM accounts with the RIDs regipy reads ${REGIPY.skip ? REGIPY.reason : ''}`, () => {
    const script = [
      'import sys',
      'from regipy.registry import RegistryHive',
      'k = RegistryHive(sys.argv[1]).get_key("\\\\SAM\\\\Domains\\\\Account\\\\Users\\\\Names")',
      'for sk in k.iter_subkeys():',
      '    for v in sk.iter_values(): print(f"{sk.name}\\t{v.value_type}")',
    ].join('\n');
    const out = execFileSync('python3', ['-c', script, samplePath('registry/regipy/SAM')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    const sam = out
      .trim()
      .split('\n')
      .map((l) => l.split('\t') as [string, string]);
    expect(sam.length).toBeGreaterThanOrEqual(3);
    const accounts = table(job.insights, 'Accounts & Logons');
    for (const [name, rid] of sam) {
      const row = accounts.find((r) => r['Account']!.split(', ').includes(name));
      expect(row?.['RID'], name).toBe(rid);
      expect(row?.['Links']).toContain('Registry · Authentication Data#row-');
    }
  });

  test.skipIf(LNK_GATE.skip)(
    `File & Folder Access: a link's target path, volume and times as lnkinfo reads them ${LNK_GATE.skip ? LNK_GATE.reason : ''}`,
    () => {
      const links = rels!.lnk.filter((r) => /\.lnk(\.test)?$/.test(r)).slice(0, 60);
      const access = table(job.insights, 'Evidence of File & Folder Access');
      let checked = 0;
      for (const rel of links) {
        const view = lnkinfo(LNKINFO!, samplePath(rel));
        const local = view?.['Local path'];
        const serial = view?.['Drive serial number'];
        if (!view || !local || !serial || !/^[A-Z]:\\/i.test(local)) continue;
        const row = access.find((r) => r['Path']!.toLowerCase() === local.toLowerCase());
        expect(row, local).toBeDefined();
        expect(row!['Sources']).toContain('Shell links & Jump Lists · Opened Files & Folders');
        expect(row!['Artifacts']!.split(', ')).toContain(basename(rel));
        expect(row!['Volumes']).toContain(`serial ${serial.replace(/^0x/, '').toUpperCase().padStart(8, '0')}`);
        expect(row!['Volumes']).toContain(view['Drive type']!.replace(/ \(\d+\)$/, ''));
        const created = lnkinfoCell(view['Creation time']);
        if (created) expect(row!['Times']).toContain(`created ${created}`);
        expect(row!['Links']).toMatch(/Shell links & Jump Lists · Opened Files & Folders#row-\d+/);
        checked++;
      }
      expect(checked).toBeGreaterThan(10);
    },
  );

  test.skipIf(REGIPY_SHELLBAGS.skip)(
    `File & Folder Access: every file-system ShellBag folder regipy (libfwsi) rebuilds is a row with its ShellBags source ${REGIPY_SHELLBAGS.skip ? REGIPY_SHELLBAGS.reason : ''}`,
    async () => {
      const ref = (await regipy('regipy/UsrClass.dat', 'usrclass_shellbag_plugin')).usrclass_shellbag_plugin as { path: string }[];
      // regipy doubles the separator after a volume ("C:\\\\Users") and ends some paths with one.
      const folders = [...new Set(ref.map((e) => e.path.replace(/\\\\+/g, '\\').replace(/\\$/, '')).filter((p) => /^My Computer\\[A-Z]:/.test(p)))];
      expect(folders.length).toBeGreaterThan(5);
      const access = table(job.insights, 'Evidence of File & Folder Access');
      for (const folder of folders) {
        const path = folder.slice('My Computer\\'.length).toLowerCase();
        const row = access.find((r) => r['Path']!.toLowerCase() === path);
        expect(row, path).toBeDefined();
        expect(row!['Sources']).toContain('Registry · User Activity: ShellBags');
        expect(row!['Artifacts']!.split(', ')).toContain('UsrClass.dat');
        expect(row!['Links']).toMatch(/Registry · User Activity: ShellBags#row-\d+/);
      }
    },
  );

  test('File & Folder Access: an Office MRU path of the Windows 7 NTUSER (user nfury) is a row of its own', () => {
    const access = table(job.insights, 'Evidence of File & Folder Access');
    const word = access.find((r) => r['Sources']!.includes('Registry · User Activity') && r['Path']!.endsWith('Starfury.docx'));
    expect(word?.['Users']).toBe('nfury');
    expect(word?.['Artifacts']).toBe('NTUSER-WIN7.DAT');
  });
});
