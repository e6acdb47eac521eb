import type { Analyzer, AnalyzerContext, InputReport } from '../pipeline/analyzer.js';
import type { Insight } from '../types.js';
import { toEntry, type PrefetchEntry } from './entry.js';
import { RUN_TIME_STRUCTURE } from './plausible-result.js';

/** A .pf of the job that could not be read at all (the reader's error). */
export interface UnreadableFile {
  recordId: number;
  fileName: string;
  error: string;
}

/** Everything the prefetch result types see of a job: every file at once, for cross-file views. */
export interface PrefetchJob {
  /** In file_ids order. */
  entries: PrefetchEntry[];
  unreadable: UnreadableFile[];
}

/**
 * An analyzer over the whole job: keeps each .pf's summary as it arrives and builds its insights
 * in finish(), when recon bursts and side-loading can look across all files.
 */
export function jobAnalyzer(build: (job: PrefetchJob) => Insight[]): (ctx: AnalyzerContext<'prefetch'>) => Analyzer<'prefetch'> {
  return () => {
    const job: PrefetchJob = { entries: [], unreadable: [] };
    return {
      push(record, input) {
        job.entries.push(toEntry(record.result, input));
      },
      inputDone(report: InputReport) {
        if (report.error) job.unreadable.push({ recordId: report.input.position + 1, fileName: report.input.name, error: report.error });
        // Run times the reader rejected as implausible still count as stored but out of range (A8 stays quiet).
        // (At most eight, added first: always among the kept items.)
        const rejected = report.implausible?.of(report.input).filter((i) => i.structure === RUN_TIME_STRUCTURE).length ?? 0;
        const entry = rejected > 0 ? job.entries.find((e) => e.recordId === report.input.position + 1) : undefined;
        if (entry) entry.badRuns += rejected;
      },
      finish() {
        job.entries.sort((a, b) => a.recordId - b.recordId);
        job.unreadable.sort((a, b) => a.recordId - b.recordId);
        return build(job);
      },
    };
  };
}
