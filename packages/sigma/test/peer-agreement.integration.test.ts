import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { loadEvtxReader, matchEvtxFile } from '../src/evtx-input.js';
import { SigmaEngine } from '../src/index.js';
import { HAS_SHARED, NO_SHARED_REASON, SHARED, sampleEvtxFiles } from './helpers.js';

/**
 * Hayabusa's and Chainsaw's agreement on the samples, per SigmaHQ rule, written by
 * packages/rest-compat/bench/sigma-peers.ts from the tools' own output (header: versions, rules commit).
 */
interface Golden {
  rulesCommit: string;
  hayabusa: string;
  chainsaw: string;
  agree: Record<string, { title: string; records: Record<string, number[]> }>;
  disagree: Record<string, { title: string; hayabusa: number; chainsaw: number }>;
}

const GOLDEN = JSON.parse(readFileSync(new URL('./golden/sigma-peers.json', import.meta.url), 'utf8')) as Golden;
const SAMPLES = `${SHARED}/samples/evtx`;
const RULES = `${SHARED}/rules/sigma/rules`;

/**
 * Where we differ from both peers, record by record (`file#EventRecordID`), and why. A rule not
 * listed must equal the peers exactly; a listed rule must differ exactly so (a stale entry fails).
 *
 * Every difference left is one kind: process_creation rules on Security 4688. Quarry reads 4688 as
 * process_creation with Sigma's Windows audit renames (Image→NewProcessName,
 * ParentImage→ParentProcessName, IntegrityLevel→MandatoryLabel SIDs; src/mapping/windows-sources.ts,
 * as pySigma's Windows pipelines and Hayabusa's own converted rules do). Hayabusa runs the raw
 * SigmaHQ rule with no field mapping and Chainsaw's mapping has no Sigma names for 4688, so both look
 * for `Image` in an event that has none. The values quoted are the records' EventData as evtx_dump
 * 0.15.1 renders them.
 */
const SLIVER = 'DeepBlueCLI/sliver-security.evtx';
const SCHTASKS_4688 = 'EVTX-to-MITRE-Attack/ID4688-4698 Persistent scheduled task with SYSTEM privileges creation.evtx#352963';
const WHY_4688 = 'Security 4688 read as process_creation with the audit renames; both peers look for Sigma field names 4688 does not have';
const EXPLAINED: Record<string, { extra?: string[]; missing?: string[]; why: string }> = {
  // Suspicious High IntegrityLevel Conhost Legacy Option: CommandLine '\??\C:\WINDOWS\system32\conhost.exe
  // 0xffffffff -ForceV1', MandatoryLabel S-1-16-12288 (IntegrityLevel High).
  '3037d961-21e9-4732-b27a-637bcc7bf539': { extra: [`${SLIVER}#245082`, `${SLIVER}#245093`, `${SLIVER}#245117`], why: WHY_4688 },
  // Windows Shell/Scripting Processes Spawning Suspicious Programs: ParentProcessName ...\powershell.exe,
  // NewProcessName C:\Windows\System32\schtasks.exe.
  '3a6586ad-127a-4d3b-a677-1e6eacdf8fde': { extra: [SCHTASKS_4688], why: WHY_4688 },
  // Scheduled Task Creation Via Schtasks.EXE: NewProcessName ...\schtasks.exe, CommandLine '... /create /sc minute ...'.
  '92626ddd-662c-49e3-ac59-f6535f12d189': { extra: [SCHTASKS_4688], why: WHY_4688 },
  // Suspicious Command Patterns In Scheduled Task Creation: the same schtasks.exe /create record.
  'f2c64357-b1d2-41b7-849f-34d2682c0fad': { extra: [SCHTASKS_4688], why: WHY_4688 },
  // Suspicious Eventlog Clearing or Configuration Change Activity: NewProcessName ...\wevtutil.exe,
  // CommandLine '"C:\WINDOWS\system32\wevtutil.exe" cl security' (then system, application, Sysmon, Defender).
  'cc36992a-4671-4f21-a91d-6c2b72a2edf5': { extra: [245031, 245037, 245043, 245049, 245055].map((id) => `${SLIVER}#${id}`), why: WHY_4688 },
  // WmiPrvSE Spawned A Process: ParentProcessName C:\Windows\System32\wbem\WmiPrvSE.exe (children cmd.exe, notepad.exe).
  'd21374ff-f574-44a7-9998-4a8c8bf33d7d': {
    extra: [`${SLIVER}#245081`, `${SLIVER}#245092`, `${SLIVER}#245116`, 'EVTX-ATTACK-SAMPLES/NTLM2SelfRelay-med0x2e-security_4624_4688.evtx#21374'],
    why: WHY_4688,
  },
};

const reader = await loadEvtxReader();
const keys = (records: Record<string, number[]>): string[] => Object.entries(records).flatMap(([f, ids]) => ids.map((id) => `${f}#${id}`));

describe.skipIf(!HAS_SHARED || !reader)(
  `SigmaHQ rules on the samples equal Hayabusa and Chainsaw where both agree${!HAS_SHARED ? ` (skipped: ${NO_SHARED_REASON})` : !reader ? ' (skipped: @quarry/evtx is not built)' : ''}`,
  () => {
    const ours = new Map<string, Set<string>>();

    beforeAll(async () => {
      const engine = SigmaEngine.fromPaths([RULES]);
      for (const file of sampleEvtxFiles()) {
        for (const m of (await matchEvtxFile(reader!, engine, file)).matches) {
          if (!m.rule.id) continue;
          const set = ours.get(m.rule.id) ?? new Set<string>();
          set.add(`${relative(SAMPLES, file)}#${String(m.recordId)}`);
          ours.set(m.rule.id, set);
        }
      }
    }, 600_000);

    test('the golden file was made from these rules', () => {
      const source = readFileSync(`${SHARED}/rules/sigma/SOURCE.txt`, 'utf8');
      expect(source).toContain(`commit ${GOLDEN.rulesCommit}`);
      expect(Object.keys(GOLDEN.agree).length).toBeGreaterThan(0);
    });

    test('every explained difference is on a rule the peers agree on', () => {
      for (const id of Object.keys(EXPLAINED)) expect(GOLDEN.agree[id], id).toBeDefined();
    });

    test.each(Object.entries(GOLDEN.agree).map(([id, r]) => [`${r.title} (${id})`, id, r] as const))('%s', (_name, id, rule) => {
      const peers = new Set(keys(rule.records));
      const mine = ours.get(id) ?? new Set<string>();
      const extra = [...mine].filter((k) => !peers.has(k)).sort();
      const missing = [...peers].filter((k) => !mine.has(k)).sort();
      const known = EXPLAINED[id];
      expect({ extra, missing }, known?.why ?? 'no difference is known for this rule').toEqual({
        extra: [...(known?.extra ?? [])].sort(),
        missing: [...(known?.missing ?? [])].sort(),
      });
    });
  },
);
