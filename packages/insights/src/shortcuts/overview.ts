import type { Insight } from '../types.js';
import { TARGET_KIND_LABEL, driveTypeCell, listCell, timeCell } from './cells.js';
import { jobAnalyzer, type ShortcutJob } from './collect.js';
import { entryTimes } from './entry.js';

/** Counts for a chart, largest first (ties by label). */
function chart(counts: Map<string, number>): [string, number][] {
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

function tally(counts: Map<string, number>, key: string): void {
  counts.set(key, (counts.get(key) ?? 0) + 1);
}

/**
 * "Overview": what the job holds (links, Jump Lists by kind, their entries), where the targets are
 * (target kinds, drive types, volumes), which machines and applications the links name, and the
 * time range of every target and access time; charts of target kinds, drive types and applications.
 */
export function buildOverview(job: ShortcutJob): Insight[] {
  const jumpLists = { automaticDestinations: new Set<string>(), customDestinations: new Set<string>() };
  const kinds = new Map<string, number>();
  const drives = new Map<string, number>();
  const applications = new Map<string, number>();
  const volumes = new Set<string>();
  const shares = new Set<string>();
  const machines = new Set<string>();
  let links = 0;
  let jumpListEntries = 0;
  let unreadableEntries = 0;
  let first: number | null = null;
  let last: number | null = null;
  for (const e of job.entries) {
    if (e.container === 'link') links++;
    else {
      // A zip holds several Jump Lists: one per input and member.
      jumpLists[e.container].add(`${e.input.position}/${e.member ?? ''}/`);
      jumpListEntries++;
      tally(applications, e.application ?? 'Unknown');
    }
    if (e.error) unreadableEntries++;
    tally(kinds, TARGET_KIND_LABEL[e.targetKind]);
    if (e.driveType) tally(drives, driveTypeCell(e.driveType));
    if (e.volumeSerial) volumes.add(e.volumeSerial);
    if (e.share) shares.add(e.share.toLowerCase());
    if (e.tracker?.machineId) machines.add(e.tracker.machineId.toLowerCase());
    for (const t of entryTimes(e)) {
      first = first === null ? t : Math.min(first, t);
      last = last === null ? t : Math.max(last, t);
    }
  }
  // A Jump List without entries yields no record: the reader's facts say what it was.
  let emptyOther = 0;
  for (const { input, kind } of job.empty) {
    if (kind === 'automatic Jump List') jumpLists.automaticDestinations.add(`${input.position}//`);
    else if (kind === 'custom Jump List') jumpLists.customDestinations.add(`${input.position}//`);
    else emptyOther++;
  }
  const kindCount = (label: string) => String(kinds.get(label) ?? 0);
  return [
    {
      Metadata: {
        title: 'Overview',
        data: {
          links: String(links),
          automatic_jump_lists: String(jumpLists.automaticDestinations.size),
          custom_jump_lists: String(jumpLists.customDestinations.size),
          jump_list_entries: String(jumpListEntries),
          unreadable_entries: String(unreadableEntries),
          unreadable_files: String(job.unreadable.length),
          empty_files: String(job.empty.length),
          empty_other_files: String(emptyOther),
          targets_local: kindCount('Local'),
          targets_network: kindCount('Network'),
          targets_removable: kindCount('Removable'),
          targets_shell_only: kindCount('Shell only'),
          drive_types: chart(drives)
            .map(([k, n]) => `${k}: ${n}`)
            .join(', '),
          volumes: String(volumes.size),
          volume_serials: listCell([...volumes].sort()),
          shares: String(shares.size),
          machines: String(machines.size),
          machine_ids: listCell([...machines].sort()),
          applications: listCell(chart(applications).map(([k]) => k)),
          time_range_start: timeCell(first),
          time_range_end: timeCell(last),
        },
        category: 'General',
      },
    },
    { Chart: { title: 'Overview: Target Kinds', data: chart(kinds), category: 'General', display_mode: 'pie' } },
    { Chart: { title: 'Overview: Drive Types', data: chart(drives), category: 'General', display_mode: 'bar' } },
    { Chart: { title: 'Overview: Jump List Entries by Application', data: chart(applications), category: 'General', display_mode: 'bar' } },
  ];
}

export const overview = jobAnalyzer(buildOverview);
