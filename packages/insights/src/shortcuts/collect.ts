import type { Analyzer, AnalyzerContext, InputReport } from '../pipeline/analyzer.js';
import type { ImplausibleItems } from '../pipeline/implausible-items.js';
import type { InputRef } from '../pipeline/input.js';
import type { ShortcutJobRecord } from '../pipeline/records.js';
import type { Insight } from '../types.js';
import { toEntry, type ShortcutEntry } from './entry.js';

/** An input of the job nothing could be read from (the reader's error). */
export interface UnreadableInput {
  recordId: number;
  name: string;
  error: string;
}

/**
 * What the shortcut result types of one job share: every record's entry, made once (the plug-in
 * hands this to each analyzer), so a rejected time is reported once and kept once in memory.
 */
export class ShortcutJob {
  readonly entries: ShortcutEntry[] = [];
  readonly unreadable: UnreadableInput[] = [];
  /** Inputs read without a record, with the kind the reader found (`shortcut_kind`: an emptied Jump List). */
  readonly empty: { input: InputRef; kind: string }[] = [];
  private last: ShortcutJobRecord | null = null;
  private lastReport: InputReport | null = null;

  constructor(private readonly implausible: ImplausibleItems) {}

  /** Every analyzer is pushed the same record object in turn: the first one adds it. */
  add(record: ShortcutJobRecord, input: InputRef): void {
    if (record === this.last) return;
    this.last = record;
    this.entries.push(toEntry(record, input, this.implausible));
  }

  inputDone(report: InputReport): void {
    if (report === this.lastReport) return;
    this.lastReport = report;
    if (report.error) this.unreadable.push({ recordId: report.input.position + 1, name: report.input.name, error: report.error });
    else if (report.records === 0) this.empty.push({ input: report.input, kind: report.facts['shortcut_kind'] ?? '' });
  }
}

export const newShortcutJob = (ctx: Pick<AnalyzerContext, 'implausible'>): ShortcutJob => new ShortcutJob(ctx.implausible);

/**
 * An analyzer over the whole job: the job's entries are shared (the plug-in makes one job per run);
 * its insights are built once every input is done. Alone (a stand-in), it keeps its own job.
 */
export function jobAnalyzer(build: (job: ShortcutJob) => Insight[]): (ctx: AnalyzerContext<'lnk'>, job?: ShortcutJob) => Analyzer<'lnk'> {
  return (ctx, job = newShortcutJob(ctx)) => ({
    push(record, input) {
      job.add(record, input);
    },
    inputDone(report) {
      job.inputDone(report);
    },
    finish() {
      return build(job);
    },
  });
}
