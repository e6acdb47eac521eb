import { spawnSync } from 'node:child_process';
import { findTool, hasShared, sharedPath, sharedSkipReason, toolGate } from '@quarry/testkit';
import { openEvtx } from '@quarry/evtx';
import type { EvtxEvent } from '../src/index.js';

/** Samples with the events the mappings read: logons (4624/4625), process starts (4688, Sysmon 1), a log clear (UserData). */
export const SAMPLES = [
  'EVTX-ATTACK-SAMPLES/LM_WMI_4624_4688_TargetHost.evtx',
  'EVTX-ATTACK-SAMPLES/CA_4624_4625_LogonType2_LogonProc_chrome.evtx',
  'EVTX-ATTACK-SAMPLES/PanacheSysmon_vs_AtomicRedTeam01.evtx',
  'EVTX-ATTACK-SAMPLES/DE_1102_security_log_cleared.evtx',
] as const;

export const HAVE_SAMPLES = SAMPLES.every((s) => hasShared('samples', 'evtx', s));
export const NO_SAMPLES = sharedSkipReason('samples', 'evtx');

export const samplePath = (rel: string): string => sharedPath('samples', 'evtx', rel);

/** A sample's records as @quarry/evtx parses them: the event object and its JSON text. */
export async function parsed(rel: string): Promise<{ event: EvtxEvent; jsonText: string }[]> {
  const out: { event: EvtxEvent; jsonText: string }[] = [];
  for await (const r of openEvtx(samplePath(rel), { json: true, jsonText: true })) out.push({ event: r.event, jsonText: r.jsonText! });
  return out;
}

/** evtx_dump's own JSON lines of a sample (the reference), parsed; undefined when the tool is absent (a failure under CI). */
export function evtxDumpEvents(rel: string): EvtxEvent[] | undefined {
  if (toolGate('evtx_dump').skip) return undefined;
  const r = spawnSync(findTool('evtx_dump')!, ['-o', 'jsonl', samplePath(rel)], { encoding: 'utf8', maxBuffer: 1 << 30 });
  if (r.status !== 0) throw new Error(`evtx_dump failed: ${r.stderr}`);
  return r.stdout
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as EvtxEvent);
}

/** Everything a writer yields, as one string. */
export async function drain(chunks: AsyncIterable<string>): Promise<string> {
  let out = '';
  for await (const c of chunks) out += c;
  return out;
}

/** A test title, with the reason it is skipped when the samples are absent. */
export const withSamples = (title: string): string => (HAVE_SAMPLES ? title : `${title} (${NO_SAMPLES})`);
