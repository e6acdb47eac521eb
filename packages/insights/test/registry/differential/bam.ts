import type { Comparator } from './comparator.js';
import { compareEntries, fromLog, pluginEntries, recovered, refTime, replayedAfter, rowsOf, type Entry } from './match.js';

interface RegipyBam {
  sid: string;
  executable: string;
  timestamp: string;
  key_path: string;
}

const controlSet = (path: string): string => /(ControlSet\d{3})/i.exec(path)?.[1]?.toLowerCase() ?? '';

/**
 * BAM (both key locations: bam\UserSettings before 1809, bam\State\UserSettings after) against
 * regipy's background_activity_moderator: SID, program and last run per value. regipy reads every
 * ControlSet00n; we read the current one (Select\Current), so entries of the others are explained.
 * dam has no regipy counterpart and is not compared here.
 */
export const BAM: Comparator = {
  artifact: 'BAM',
  regipyPlugins: ['background_activity_moderator'],
  appliesTo: (hive) => hive.kind === 'SYSTEM',
  compare(ours, regipy, hive) {
    const rows = rowsOf(ours, 'User Activity: Program Execution', hive).filter((r) => /\\bam\\/i.test(r['Key']!));
    const current = new Set(rows.map((r) => controlSet(r['Key']!)));
    const sidOf = (user: string): string => /(S-1-[0-9-]+)/.exec(user)?.[1] ?? user;
    const mine: Entry[] = rows.map((r) => ({
      key: `${sidOf(r['User']!)}|${r['Program']}`,
      value: r['Last Run']!,
      deleted: r['Deleted'] === 'yes',
      written: r['Last Write'],
    }));
    const ref = pluginEntries<RegipyBam>(regipy, 'background_activity_moderator');
    const elsewhere = ref.filter((e) => current.size > 0 && !current.has(controlSet(e.key_path)));
    const theirs: Entry[] = ref.filter((e) => !elsewhere.includes(e)).map((e) => ({ key: `${e.sid}|${e.executable}`, value: refTime(e.timestamp) }));
    const log = fromLog(replayedAfter(hive.path));
    const result = compareEntries('BAM', hive, mine, theirs, (o, t) => recovered(o, t) ?? log(o, t));
    if (elsewhere.length > 0)
      (result.notes ??= []).push({
        key: 'regipy other control sets',
        why: `${elsewhere.length} regipy entries are in a control set other than the current one (${[...current].join(', ')}), which is the one we read`,
      });
    return result;
  },
};
