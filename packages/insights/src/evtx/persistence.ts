import type { Analyzer, AnalyzerContext } from '../pipeline/analyzer.js';
import type { Insight } from '../types.js';
import type { Verdict } from '../common/importance.js';
import { viewOf } from './event-view.js';
import type { EvtxJob } from './job-state.js';
import { Occurrences, listCell } from './occurrences.js';
import { persistenceEvent, type PersistenceEvent } from './persistence-entry.js';
import { persistenceVerdict } from './persistence-verdict.js';
import { byImportanceThenTime } from './top-rows.js';

interface Row {
  e: PersistenceEvent;
  accounts: Set<string>;
  eventIds: Set<number>;
  occ: Occurrences;
  verdict: Verdict;
}

/** "Persistence" (Persistence): services, tasks, autostart keys, WMI, accounts, startup folder, BITS; one row per (mechanism, name, command). */
export function persistence(ctx: AnalyzerContext<'winevtx'>, job: EvtxJob): Analyzer<'winevtx'> {
  const rows = new Map<string, Row>();
  return {
    push(record) {
      const v = viewOf(record);
      const e = persistenceEvent(v);
      if (!e) return;
      const key = `${e.mechanism}\u0000${e.name}\u0000${e.command}`;
      let row = rows.get(key);
      if (!row) rows.set(key, (row = { e, accounts: new Set(), eventIds: new Set(), occ: new Occurrences(), verdict: persistenceVerdict(e) }));
      row.occ.add(v);
      if (e.account && row.accounts.size < 20) row.accounts.add(e.account);
      row.eventIds.add(v.eventId);
      if (!e.timeline) return;
      const fixed = {
        'Scheduled task created': 'High',
        'Scheduled task deleted': 'Medium',
        'User account created': 'High',
        'Autostart registry change': 'High',
        'WMI persistence': 'High',
      } as const;
      const importance = e.timeline in fixed ? fixed[e.timeline as keyof typeof fixed] : row.verdict.importance;
      const key2 = e.timeline === 'Autostart registry change' ? (e.group ?? e.name) : e.timeline === 'WMI persistence' ? e.name.toLowerCase() : e.name;
      job.timeline.add({
        shortName: e.timeline,
        key: key2,
        category: 'Persistence',
        importance,
        time: v.time,
        recordId: v.recordId,
        detail: `${e.mechanism} ${e.name}${e.account ? ` (${e.account})` : ''}${e.command ? `: ${e.command.slice(0, 300)}` : ''}`,
      });
    },
    finish(): Insight[] {
      const header = [
        'Mechanism',
        'Name',
        'Command / Target',
        'Account',
        'Computer',
        'First Seen',
        'Last Seen',
        'Count',
        'Event IDs',
        'First Record ID',
        'Importance',
        'Reasons',
        'Record IDs',
      ];
      const data = [...rows.values()]
        .map((r) => ({ r, importance: r.verdict.importance, time: r.occ.first }))
        .sort(byImportanceThenTime)
        .map(({ r }) => [
          r.e.mechanism,
          r.e.name,
          r.e.command,
          listCell(r.accounts),
          listCell(r.occ.computers),
          r.occ.firstText,
          r.occ.lastText,
          String(r.occ.count),
          [...r.eventIds].sort((a, b) => a - b).join(', '),
          String(r.occ.firstRecordId),
          r.verdict.importance,
          r.verdict.text,
          r.occ.recordIdsText,
        ]);
      return [{ Table: { title: 'Persistence', data: [header, ...data], category: 'Persistence' } }];
    },
  };
}
