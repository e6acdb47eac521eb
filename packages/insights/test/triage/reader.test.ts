import { ARTIFACT_TYPES, evidenceTypes, type ArtifactType } from '@quarry/vocabulary';
import { describe, expect, test } from 'vitest';
import type { MemberOutcome } from '../../src/triage/model.js';
import { retitle } from '../../src/triage/retitle.js';
import { sharedPath } from '@quarry/testkit';
import type { SigmaRules } from '../../src/index.js';
import { HAVE_SAMPLES, NO_SAMPLES } from '../support/inputs.js';
import { sigmaRulesFrom } from '../support/sigma-rules.js';
import { runPlain, runTriage, sample, upload, zipStreamed, zipWhole, type Entry, type TriageRun } from './collection-support.js';

const EVTX_SECURITY = 'evtx/EVTX-ATTACK-SAMPLES/LM_WMI_4624_4688_TargetHost.evtx';
const EVTX_SYSMON = 'evtx/DFIRArtifactMuseum/Win10_APTSimulatorVM/Microsoft-Windows-Sysmon%4Operational.evtx';
const PF = ['prefetch/DFIRArtifactMuseum/Win10_RathbunVM/NOTEPAD.EXE-C5670914.pf', 'prefetch/DFIRArtifactMuseum/Win10_RathbunVM/FODHELPER.EXE-7F1ED892.pf'];
const LNK = 'lnk/Win10/$R3OUUAG.lnk';
const AUTO_DEST = 'jumplists/Win10/RathbunVM/5f7b5f1e01b83767.automaticDestinations-ms';
const CUSTOM_DEST = 'jumplists/Win10/APTSimulatorVM/590aee7bdd69b59b.customDestinations-ms';

/** A host's artifacts as `[path below the drive root, sample]`. */
const HOST: readonly (readonly [string, string])[] = [
  ['Windows/System32/winevt/Logs/Security.evtx', EVTX_SECURITY],
  ['Windows/System32/winevt/Logs/Microsoft-Windows-Sysmon%4Operational.evtx', EVTX_SYSMON],
  ['Windows/System32/config/SECURITY', 'registry/regipy/SECURITY'],
  ['Windows/System32/config/SAM', 'registry/regipy/SAM'],
  ['Users/alice/NTUSER.DAT', 'registry/regipy/transactions_NTUSER.DAT'],
  ['Users/alice/NTUSER.DAT.LOG1', 'registry/regipy/transactions_ntuser.dat.log1'],
  ['Users/alice/NTUSER.DAT.LOG2', 'registry/regipy/transactions_ntuser.dat.log2'],
  ['Users/alice/AppData/Local/Microsoft/Windows/UsrClass.dat', 'registry/regipy/UsrClass.dat'],
  ['Users/alice/AppData/Local/Microsoft/Windows/UsrClass.dat.LOG1', 'registry/regipy/UsrClass.dat.LOG1'],
  ['Users/alice/AppData/Local/Microsoft/Windows/UsrClass.dat.LOG2', 'registry/regipy/UsrClass.dat.LOG2'],
  ...PF.map((rel) => [`Windows/Prefetch/${rel.split('/').pop()!}`, rel] as const),
  ['Users/alice/AppData/Roaming/Microsoft/Windows/Recent/report.docx.lnk', LNK],
  ['Users/alice/AppData/Roaming/Microsoft/Windows/Recent/AutomaticDestinations/5f7b5f1e01b83767.automaticDestinations-ms', AUTO_DEST],
  ['Users/alice/AppData/Roaming/Microsoft/Windows/Recent/CustomDestinations/590aee7bdd69b59b.customDestinations-ms', CUSTOM_DEST],
];

/** The type each host artifact is, by what the sample is. */
const typeOfSample = (rel: string): ArtifactType =>
  rel.startsWith('evtx/') ? 'winevtx' : rel.startsWith('registry/') ? 'registry' : rel.startsWith('prefetch/') ? 'prefetch' : 'lnk';

const outcomesOf = (run: TriageRun): MemberOutcome[] => run.reports.flatMap((r) => r.members ?? []);

/**
 * Each member type's nested insights equal those of the same members run as a plain job of the
 * type (same names and positions): the triage path loses nothing.
 */
async function expectSameAsPlainJobs(run: TriageRun, bytesOf: (name: string) => Uint8Array, sigmaRules?: SigmaRules): Promise<void> {
  for (const results of run.nested) {
    const read = results.members.filter((m) => m.problem === null || m.records > 0);
    const members = read.map((m, i) => ({ name: m.member.name, position: positionOf(run, m.member.name, i), bytes: bytesOf(m.member.name) }));
    const plain = await runPlain(results.type, members, results.type === 'winevtx' ? sigmaRules : undefined);
    expect(results.insights, results.type).toEqual(plain);
    // …and the job lists them titled `<type label> · <title>`.
    const label = evidenceTypes[results.type].label;
    for (const insight of plain.map((i) => retitle(i, (t) => `${label} · ${t}`))) expect(run.insights).toContainEqual(insight);
  }
}

/** A member's running position in the job: its index among every member of every collection. */
function positionOf(run: TriageRun, name: string, fallback: number): number {
  const i = outcomesOf(run).findIndex((o) => o.member.name === name);
  return i < 0 ? fallback : i;
}

describe.skipIf(!HAVE_SAMPLES)(`the triage collection reader ${HAVE_SAMPLES ? '' : NO_SAMPLES}`, () => {
  test('a KAPE target output zip: every member lands on its type with its path and user; hives replay their logs; per-type results equal plain jobs', async () => {
    const root = '2026-11-28T120000_WKS01/C';
    const entries: Entry[] = HOST.map(([path, rel]) => ({ path: `${root}/${path}`, bytes: sample(rel) }));
    const run = await runTriage([upload('wks01.zip', zipWhole(entries))]);

    expect(run.reports).toHaveLength(1);
    expect(run.reports[0]!.error).toBeNull();
    const outcomes = outcomesOf(run);
    expect(outcomes.map((o) => [o.member.path, o.member.type, o.member.user, o.member.name])).toEqual(
      HOST.map(([path, rel]) => [`${root}/${path}`, typeOfSample(rel), path.startsWith('Users/alice/') ? 'alice' : null, `wks01.zip/${root}/${path}`]),
    );
    expect(outcomes.filter((o) => o.problem !== null).map((o) => `${o.member.path}: ${o.problem}`)).toEqual([]);
    expect(run.nested.map((n) => n.type)).toEqual(ARTIFACT_TYPES.filter((t) => HOST.some(([, rel]) => typeOfSample(rel) === t)));

    // Hives pair with the .LOG1/.LOG2 beside them (matched by member name, as in a registry job).
    const metadata = run.nested.find((n) => n.type === 'registry')!.insights.flatMap((i) => ('Metadata' in i ? [i.Metadata] : []));
    const ntuser = metadata.find((m) => m.title === `File metadata: wks01.zip/${root}/Users/alice/NTUSER.DAT`)!;
    expect(ntuser.data['hive_logs_replayed']).toBe(`wks01.zip/${root}/Users/alice/NTUSER.DAT.LOG1, wks01.zip/${root}/Users/alice/NTUSER.DAT.LOG2`);
    // Each member's sha256 is computed as it streams.
    const sec = metadata.find((m) => m.title.endsWith('/config/SECURITY'))!;
    expect(sec.data['sha256']).toBe((await import('node:crypto')).createHash('sha256').update(sample('registry/regipy/SECURITY')).digest('hex'));

    const byName = new Map(entries.map((e) => [`wks01.zip/${e.path}`, e.bytes]));
    await expectSameAsPlainJobs(run, (name) => byName.get(name)!);
  }, 300_000);

  test('a Velociraptor collector zip: data-descriptor entries (EVTX on parser threads), URL-encoded names decoded, its own files listed as unknown', async () => {
    const collected: Entry[] = [
      { path: 'uploads/auto/C%3A/Windows/System32/winevt/Logs/Microsoft-Windows-Sysmon%254Operational.evtx', bytes: sample(EVTX_SYSMON) },
      { path: 'uploads/ntfs/%5C%5C.%5CC%3A/Users/bob/NTUSER.DAT', bytes: sample('registry/regipy/transactions_NTUSER.DAT') },
      { path: 'uploads/ntfs/%5C%5C.%5CC%3A/Users/bob/NTUSER.DAT.LOG1', bytes: sample('registry/regipy/transactions_ntuser.dat.log1') },
      { path: 'uploads/ntfs/%5C%5C.%5CC%3A/Users/bob/NTUSER.DAT.LOG2', bytes: sample('registry/regipy/transactions_ntuser.dat.log2') },
      { path: `uploads/auto/C%3A/Windows/Prefetch/${PF[0]!.split('/').pop()!}`, bytes: sample(PF[0]!) },
      { path: 'uploads/auto/C%3A/Users/bob/AppData/Roaming/Microsoft/Windows/Recent/report.docx.lnk', bytes: sample(LNK) },
      { path: 'results/Windows.KapeFiles.Targets%2FAll File Metadata.json', bytes: new TextEncoder().encode('{"SourceFile":"C:\\\\Windows"}\n') },
      { path: 'log.json', bytes: new TextEncoder().encode('{"level":"INFO","message":"collection done"}\n') },
      { path: 'collection_context.json', bytes: new TextEncoder().encode('{"session_id":"F.1"}') },
    ];
    const zip = zipStreamed(collected);
    // Local header general-purpose flags (offset 6): bit 3 says sizes follow the data, as Go's writer sets.
    expect(zip[6]! & 8).toBe(8);
    // Two parser threads: an EVTX member of unknown size goes through the chunk pool until its stream ends.
    const run = await runTriage([upload('Collection-WKS02.zip', zip)], 2);

    expect(outcomesOf(run).map((o) => [o.member.path, o.member.type, o.member.user])).toEqual([
      ['uploads/auto/C:/Windows/System32/winevt/Logs/Microsoft-Windows-Sysmon%4Operational.evtx', 'winevtx', null],
      ['uploads/ntfs/\\\\.\\C:/Users/bob/NTUSER.DAT', 'registry', 'bob'],
      ['uploads/ntfs/\\\\.\\C:/Users/bob/NTUSER.DAT.LOG1', 'registry', 'bob'],
      ['uploads/ntfs/\\\\.\\C:/Users/bob/NTUSER.DAT.LOG2', 'registry', 'bob'],
      [`uploads/auto/C:/Windows/Prefetch/${PF[0]!.split('/').pop()!}`, 'prefetch', null],
      ['uploads/auto/C:/Users/bob/AppData/Roaming/Microsoft/Windows/Recent/report.docx.lnk', 'lnk', 'bob'],
      ['results/Windows.KapeFiles.Targets/All File Metadata.json', null, null],
      ['log.json', null, null],
      ['collection_context.json', null, null],
    ]);
    expect(outcomesOf(run).filter((o) => o.member.type !== null && o.problem !== null)).toEqual([]);
    // The streamed member's size is learnt as it streams: every record of the log is read.
    expect(run.nested.find((n) => n.type === 'winevtx')!.members[0]!.member.size).toBe(sample(EVTX_SYSMON).length);

    const byName = new Map(outcomesOf(run).map((o, i) => [o.member.name, collected[i]!.bytes]));
    await expectSameAsPlainJobs(run, (name) => byName.get(name)!);
  }, 300_000);

  test('with run_sigma_rules, the event logs go through the job\'s Sigma rules as in an EVTX job; the other types do not', async () => {
    const rules = sigmaRulesFrom(sharedPath('rules', 'sigma', 'rules', 'windows', 'builtin', 'security'));
    const entries: Entry[] = [
      { path: 'C/Windows/System32/winevt/Logs/Security.evtx', bytes: sample(EVTX_SECURITY) },
      { path: 'C/Windows/System32/winevt/Logs/NTLM.evtx', bytes: sample('evtx/EVTX-ATTACK-SAMPLES/NTLM2SelfRelay-med0x2e-security_4624_4688.evtx') },
      { path: `C/Windows/Prefetch/${PF[0]!.split('/').pop()!}`, bytes: sample(PF[0]!) },
    ];
    const run = await runTriage([upload('sigma.zip', zipWhole(entries))], 1, rules);
    const matches = run.nested.find((n) => n.type === 'winevtx')!.insights.find((i) => 'Table' in i && i.Table.title === 'Overview: Sigma Matches');
    // The rules matched something (header row and at least one rule), so the comparison below says something.
    expect(matches && 'Table' in matches ? matches.Table.data.length : 0).toBeGreaterThan(1);
    const byName = new Map(entries.map((e) => [`sigma.zip/${e.path}`, e.bytes]));
    await expectSameAsPlainJobs(run, (name) => byName.get(name)!, rules);
  }, 300_000);

  test('damage: an unknown member, a nested zip, an empty file, a hive that is none and a truncated log are reported; the rest is analysed', async () => {
    const sysmon = sample(EVTX_SYSMON);
    const entries: Entry[] = [
      { path: 'notes.txt', bytes: new TextEncoder().encode('collected by hand\n') },
      { path: 'inner.zip', bytes: zipWhole([{ path: 'a.txt', bytes: new Uint8Array([1, 2, 3]) }]) },
      { path: 'Empty.pf', bytes: new Uint8Array(0) },
      // Not a hive at all (EZ's NotAHive sample), under a hive's name: the registry reports it.
      { path: 'SOFTWARE', bytes: sample('registry/EricZimmerman-Registry/NotAHive') },
      { path: 'SYSTEM', bytes: sample('registry/regipy/corrupted_system_hive') },
      // The file header, one whole chunk and part of the next (4096 + 65536 + 10000 bytes).
      { path: 'Sysmon.evtx', bytes: sysmon.subarray(0, 4096 + 65536 + 10_000) },
      { path: PF[1]!.split('/').pop()!, bytes: sample(PF[1]!) },
    ];
    const run = await runTriage([upload('flat.zip', zipWhole(entries))]);
    const outcome = (path: string) => outcomesOf(run).find((o) => o.member.path === path)!;

    expect(run.reports[0]!.error).toBeNull();
    expect([outcome('notes.txt').member.type, outcome('inner.zip').member.type]).toEqual([null, null]);
    expect([outcome('Empty.pf').member.type, outcome('Empty.pf').problem]).toEqual(['prefetch', 'empty file']);
    expect(outcome('SOFTWARE').member.type).toBe('registry');
    expect(outcome('SOFTWARE').problem).toMatch(/not a registry hive/);
    expect(outcome('SYSTEM').member.type).toBe('registry');
    expect(outcome('SYSTEM').warnings + (outcome('SYSTEM').problem ? 1 : 0)).toBeGreaterThan(0);
    const truncated = outcome('Sysmon.evtx');
    expect(truncated.records).toBeGreaterThan(0);
    expect(truncated.warnings).toBeGreaterThan(0);
    expect(outcome(PF[1]!.split('/').pop()!)).toMatchObject({ records: 1, problem: null });
  }, 300_000);

  test('loose inputs beside a zip are members with an empty path; a job of only unusable inputs fails', async () => {
    const pf = sample(PF[0]!);
    const run = await runTriage([upload('NOTEPAD.EXE-C5670914.pf', pf, 0), upload('links.zip', zipWhole([{ path: 'Recent/a.lnk', bytes: sample(LNK) }]), 1)]);
    expect(outcomesOf(run).map((o) => [o.member.name, o.member.path, o.member.type, o.records])).toEqual([
      ['NOTEPAD.EXE-C5670914.pf', '', 'prefetch', 1],
      ['links.zip/Recent/a.lnk', 'Recent/a.lnk', 'lnk', 1],
    ]);
    await expect(runTriage([upload('readme.txt', new TextEncoder().encode('hello'))])).rejects.toThrow(/No input could be read.*not a triage collection/);
    await expect(runTriage([upload('broken.zip', new TextEncoder().encode('PK\x03\x04 not really'))])).rejects.toThrow(/cannot read the zip archive/);
  }, 120_000);
});
