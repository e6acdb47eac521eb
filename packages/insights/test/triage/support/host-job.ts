import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { ArtifactType } from '@quarry/vocabulary';
import { sharedPath } from '@quarry/testkit';
import { runPipeline, type Insight, type NestedResults, type PipelineInput, type TriageRecord } from '../../../src/index.js';
import { accountsAnalyzer } from '../../../src/triage/accounts.js';
import { fileAccessAnalyzer } from '../../../src/triage/file-access.js';
import { HostState } from '../../../src/triage/host-state.js';
import { hostTimelineAnalyzer } from '../../../src/triage/host-timeline.js';
import { SAMPLES } from '../../support/inputs.js';
import { sigmaRulesFrom } from '../../support/sigma-rules.js';
import { feedHost } from '../support.js';

function files(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((n) => (statSync(join(dir, n)).isDirectory() ? files(join(dir, n)) : [join(dir, n)]));
}

/**
 * The host's evidence, per member type, relative to ../shared/samples: one host's hives (regipy:
 * its SYSTEM with logs, SAM, NTUSER and UsrClass; plaso's Windows 7 NTUSER with Office MRUs and
 * OpenSave), every prefetch file, every link and Jump List, and Security/RDP logs with logons.
 */
export const HOST_EVIDENCE: Record<ArtifactType, string[]> = {
  registry: [
    'registry/regipy/SYSTEM_B',
    'registry/regipy/SYSTEM_B.LOG1',
    'registry/regipy/SYSTEM_B.LOG2',
    'registry/regipy/SAM',
    'registry/regipy/NTUSER.DAT',
    'registry/regipy/UsrClass.dat',
    'registry/regipy/UsrClass.dat.LOG1',
    'registry/regipy/UsrClass.dat.LOG2',
    'registry/plaso/NTUSER-WIN7.DAT',
  ],
  prefetch: [],
  lnk: [],
  winevtx: [
    'evtx/EVTX-ATTACK-SAMPLES/CA_4624_4625_LogonType2_LogonProc_chrome.evtx',
    'evtx/EVTX-ATTACK-SAMPLES/LM_WMI_4624_4688_TargetHost.evtx',
    'evtx/EVTX-ATTACK-SAMPLES/NTLM2SelfRelay-med0x2e-security_4624_4688.evtx',
    'evtx/EVTX-to-MITRE-Attack/ID4624-Mimikatz Pass the hash.evtx',
    'evtx/DeepBlueCLI/password-spray.evtx',
    'evtx/EVTX-ATTACK-SAMPLES/DE_RDP_Tunneling_TerminalServices-RemoteConnectionManagerOperational_1149.evtx',
    'evtx/EVTX-to-MITRE-Attack/ID4688-4698 Persistent scheduled task with SYSTEM privileges creation.evtx',
  ],
};

/** Every member type's sample evidence, relative to ../shared/samples. */
export function sampleEvidence(): Record<ArtifactType, string[]> {
  const rel = (p: string) => relative(SAMPLES, p);
  return {
    ...HOST_EVIDENCE,
    prefetch: files(join(SAMPLES, 'prefetch'))
      .filter((p) => p.endsWith('.pf'))
      .map(rel),
    lnk: [...files(join(SAMPLES, 'lnk')), ...files(join(SAMPLES, 'jumplists'))].filter((p) => !p.endsWith('README.txt')).map(rel),
  };
}

/** A member type's results as the collection reader hands them over: its own job's insights and its members. */
async function nested(type: ArtifactType, inputs: PipelineInput[]): Promise<NestedResults> {
  const insights = await runPipeline({
    category: type,
    inputs,
    options: { runSigmaRules: type === 'winevtx' },
    threads: 1,
    sigmaRules: type === 'winevtx' ? sigmaRulesFrom(sharedPath('rules', 'sigma', 'rules', 'windows', 'builtin', 'security')) : undefined,
  });
  const members = inputs.map(({ ref }) => ({
    member: { input: ref, path: '', name: ref.name, size: ref.size, type, user: null },
    records: 0,
    problem: null,
    warnings: 0,
  }));
  return { type, insights, members };
}

export interface HostJob {
  nested: NestedResults[];
  facts: TriageRecord[];
  insights: Insight[];
  state: HostState;
}

/**
 * The real per-type pipelines over the samples, then the three host result types through fanOut,
 * fed as the triage reader feeds them: each member type's nested results, then its Host Timeline
 * facts as the job's records.
 */
export async function runHostJob(evidence: Partial<Record<ArtifactType, PipelineInput[]>>): Promise<HostJob> {
  const results: NestedResults[] = [];
  for (const type of ['winevtx', 'registry', 'prefetch', 'lnk'] as const) {
    const inputs = evidence[type];
    if (inputs && inputs.length > 0) results.push(await nested(type, inputs));
  }
  const state = new HostState();
  const { insights, facts } = await feedHost(results, {
    analyzers: [(ctx) => fileAccessAnalyzer(ctx, state), (ctx) => accountsAnalyzer(ctx, state), (ctx) => hostTimelineAnalyzer(ctx, state)],
  });
  return { nested: results, facts, insights, state };
}
