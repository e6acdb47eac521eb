import type { PrefetchJob } from './collect.js';

/**
 * The volumes of the job that hold `\WINDOWS\` (INSIGHTS.md §5's "system volume"): a `\WINDOWS\`
 * directory or a reference under it on that volume in any .pf. Nearly every program loads
 * `\WINDOWS\SYSTEM32\NTDLL.DLL`, so each machine's system volume shows up in its own files.
 */
export function systemVolumes(job: PrefetchJob): ReadonlySet<string> {
  const keys = new Set<string>();
  for (const e of job.entries) {
    e.volumes.forEach((v, i) => {
      if (v.directories.some((d) => d.startsWith('\\WINDOWS\\'))) keys.add(v.key);
      else if (e.references.some((r) => r.volume === i && r.path.toUpperCase().startsWith('\\WINDOWS\\'))) keys.add(v.key);
    });
  }
  return keys;
}
