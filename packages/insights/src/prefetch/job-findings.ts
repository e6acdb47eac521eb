import { maxImportance } from '../common/importance.js';
import { lolbasFacts, type LolbasFacts } from '../common/lolbas-catalog.js';
import { lolbin, type LolbinHit } from '../common/lolbins.js';
import { programName } from '../common/windows-path.js';
import type { Importance } from '../types.js';
import type { PrefetchJob } from './collect.js';
import type { PrefetchEntry } from './entry.js';
import { entryAnomalies, type EntryAnomaly } from './executable-rules.js';
import { reconBursts, type ReconBurst } from './recon-bursts.js';
import { systemVolumes } from './system-volumes.js';

export interface LolbinFinding {
  name: string;
  hit: LolbinHit;
  facts: LolbasFacts | null;
}

/** The verdicts several result types share: computed once per result type from the whole job. */
export interface JobFindings {
  system: ReadonlySet<string>;
  anomalies: Map<PrefetchEntry, EntryAnomaly[]>;
  lolbins: Map<PrefetchEntry, LolbinFinding>;
  bursts: ReconBurst[];
  /** A .pf's importance: the highest of its LOLBIN and anomaly rows (recon bursts included). */
  importanceOf(entry: PrefetchEntry): Importance;
}

export function jobFindings(job: PrefetchJob): JobFindings {
  const system = systemVolumes(job);
  const anomalies = new Map(job.entries.map((e) => [e, entryAnomalies(e, system)] as const));
  const lolbins = new Map<PrefetchEntry, LolbinFinding>();
  for (const e of job.entries) {
    // The path when known, so a binary outside its usual folder is raised; else the stored name.
    const hit = lolbin(e.exe?.path ?? e.executable);
    if (hit) lolbins.set(e, { name: programName(e.executable), hit, facts: lolbasFacts(programName(e.executable)) });
  }
  const bursts = reconBursts(job);
  const inBurst = new Set(bursts.flatMap((b) => b.entries));
  return {
    system,
    anomalies,
    lolbins,
    bursts,
    importanceOf(e) {
      let level: Importance = inBurst.has(e) ? 'Medium' : 'Informational';
      for (const a of anomalies.get(e) ?? []) level = maxImportance(level, a.level);
      const l = lolbins.get(e);
      return l ? maxImportance(level, l.hit.importance) : level;
    },
  };
}
