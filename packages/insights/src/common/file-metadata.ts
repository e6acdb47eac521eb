import type { ParseCategory } from '@quarry/vocabulary';
import type { Analyzer, AnalyzerContext, InputReport } from '../pipeline/analyzer.js';
import { implausibleLines } from '../pipeline/implausible-items.js';
import type { Insight } from '../types.js';

/**
 * "File metadata: <name>" for every input of the job, first in the insight list: what the file
 * is, how much of it was read, and the parser's warnings, so damage is never silent. Items kept
 * out of the tables as implausible (by the reader or by a result type) are counted and listed
 * with their offsets among the warnings.
 */
export function fileMetadata<C extends ParseCategory>(ctx: AnalyzerContext<C>): Analyzer<C> {
  const reports: InputReport[] = [];
  // Counted here, as pushed, rather than taken from the reader: this is what the analyzers saw.
  const pushed = new Map<number, number>();
  return {
    reportsOnJob: true,
    push(_record, input) {
      pushed.set(input.position, (pushed.get(input.position) ?? 0) + 1);
    },
    inputDone(report) {
      reports.push(report);
    },
    finish(): Insight[] {
      return reports
        .sort((a, b) => a.input.position - b.input.position)
        .map((r) => {
          const kept = [...(r.implausible?.of(r.input) ?? []), ...ctx.implausible.of(r.input)];
          const count = (r.implausible?.count(r.input) ?? 0) + ctx.implausible.count(r.input);
          const warnings = [...r.warnings, ...implausibleLines(kept, count)];
          return {
            Metadata: {
              title: `File metadata: ${r.input.name}`,
              data: {
                file_id: r.input.fileId,
                file_name: r.input.name,
                size_bytes: String(r.input.size),
                sha256: r.input.sha256,
                ...r.facts,
                records: String(pushed.get(r.input.position) ?? 0),
                implausible_items: String(count),
                warnings: warnings.length === 0 ? '' : warnings.join('\n'),
                ...(r.error ? { error: r.error } : {}),
              },
              category: 'General',
            },
          };
        });
    },
  };
}
