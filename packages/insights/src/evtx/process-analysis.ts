import { Verdict, importanceRank as rank } from '../common/importance.js';
import { formatTime } from '../common/time-format.js';
import { baseName } from '../common/windows-path.js';
import type { Analyzer, AnalyzerContext } from '../pipeline/analyzer.js';
import type { Importance, IndexTableEntry, Insight } from '../types.js';
import { viewOf } from './event-view.js';
import { imageLoadsAndAccess } from './image-loads.js';
import type { EvtxJob } from './job-state.js';
import { Groups, Occurrences, addCapped, listCell } from './occurrences.js';
import { powerShellScripts } from './powershell.js';
import { processEvent, type ProcessEvent } from './process-event.js';
import { processVerdict } from './process-verdict.js';
import { ReconBursts } from './recon-bursts.js';
import { TopRows } from './top-rows.js';

interface ImageRow {
  image: string;
  occ: Occurrences;
  commandLines: Set<string>;
  /** Distinct command lines beyond the set's cap are counted, not kept. */
  moreCommandLines: number;
  parents: Set<string>;
  users: Set<string>;
  verdict: Verdict;
}

interface CommandRow {
  time: number;
  importance: Importance;
  p: ProcessEvent;
  verdict: Verdict;
}

const DISTINCT_COMMAND_LINES_KEPT = 1000;

/**
 * "Process Analysis" (Process): one row per image path, every creation in an IndexTable (the 1,000
 * most important), top executables, and the PowerShell and image-load/access tables.
 */
export function processAnalysis(ctx: AnalyzerContext<'winevtx'>, job: EvtxJob): Analyzer<'winevtx'> {
  const images = new Groups<ImageRow>(() => ({
    image: '',
    occ: new Occurrences(),
    commandLines: new Set(),
    moreCommandLines: 0,
    parents: new Set(),
    users: new Set(),
    verdict: new Verdict(),
  }));
  const rows = new TopRows<CommandRow>(1000);
  const bursts = new ReconBursts();
  const scripts = powerShellScripts(job.timeline);
  const loads = imageLoadsAndAccess(job.timeline);

  return {
    push(record) {
      const v = viewOf(record);
      scripts.push(v);
      loads.push(v);
      if (v.eventId !== 1 && v.eventId !== 4688) return;
      const p = processEvent(v);
      if (!p) return;
      const { verdict, recon } = processVerdict(p);
      const row = images.get(p.image.toLowerCase());
      row.image ||= p.image;
      row.occ.add(v);
      if (row.commandLines.size < DISTINCT_COMMAND_LINES_KEPT) row.commandLines.add(p.commandLine);
      else if (!row.commandLines.has(p.commandLine)) row.moreCommandLines++;
      addCapped(row.parents, p.parentImage ? baseName(p.parentImage) : '');
      addCapped(row.users, p.user);
      row.verdict.merge(verdict);
      const cmdRow: CommandRow = { time: p.time, importance: verdict.importance, p, verdict };
      rows.add(cmdRow);
      if (recon)
        bursts.add(p.user, p.time, recon, () => {
          cmdRow.verdict.hit('Medium', 'C9 recon burst (≥ 3 commands in 10 min)');
          cmdRow.importance = cmdRow.verdict.importance;
          row.verdict.hit('Medium', 'C9 recon burst (≥ 3 commands in 10 min)');
        });
      if (verdict.importance === 'High' || verdict.importance === 'Critical') {
        job.timeline.add({
          shortName: 'Suspicious process',
          key: `${p.image.toLowerCase()}|${p.commandLine}`,
          category: 'Process',
          importance: verdict.importance,
          time: p.time,
          recordId: p.recordId,
          detail: `${p.image} (${verdict.text}): ${p.commandLine.slice(0, 300)}`,
        });
      }
    },
    finish(): Insight[] {
      const all = images.values().sort((a, b) => rank(b.verdict.importance) - rank(a.verdict.importance) || a.occ.first - b.occ.first);
      const header = [
        'Image',
        'Executions',
        'Distinct Command Lines',
        'Parents',
        'Users',
        'Computers',
        'First Seen',
        'Last Seen',
        'Importance',
        'Reasons',
        'Record IDs',
      ];
      const table = all.map((r) => [
        r.image,
        String(r.occ.count),
        String(r.commandLines.size + r.moreCommandLines),
        listCell(r.parents),
        listCell(r.users),
        listCell(r.occ.computers),
        r.occ.firstText,
        r.occ.lastText,
        r.verdict.importance,
        r.verdict.text,
        r.occ.recordIdsText,
      ]);
      const columns = ['Time', 'Image', 'PID', 'Parent', 'User', 'Importance', 'Details'];
      const entries: IndexTableEntry[] = rows.sorted().map(({ p, verdict }) => [
        [formatTime(p.time), p.image, Number.isNaN(p.pid) ? '' : String(p.pid), p.parentImage, p.user, verdict.importance],
        {
          CommandLine: p.commandLine,
          ParentImage: p.parentImage,
          ParentCommandLine: p.parentCommandLine,
          CurrentDirectory: p.currentDirectory,
          IntegrityLevel: p.integrity,
          Hashes: p.hashes,
          LogonId: p.logonId,
          EventID: String(p.eventId),
          RecordID: String(p.recordId),
          Computer: p.computer,
          Reasons: verdict.text,
        },
      ]);
      const byName = new Map<string, number>();
      for (const r of all) {
        const name = baseName(r.image).toLowerCase();
        byName.set(name, (byName.get(name) ?? 0) + r.occ.count);
      }
      const chart = [...byName.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, 20) as [string, number][];
      return [
        { Table: { title: 'Process Analysis', data: [header, ...table], category: 'Process' } },
        { IndexTable: { title: 'Process Analysis: Command Lines', data: entries, columns, category: 'Process' } },
        { Chart: { title: 'Process Analysis: Top Executables', data: chart, category: 'Process', display_mode: 'bar' } },
        scripts.insight(),
        loads.insight(),
      ];
    },
  };
}
