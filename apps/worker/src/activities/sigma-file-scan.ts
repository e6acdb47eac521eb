import { SigmaFileScan, UnsupportedLogError, compileCustomSigmaRule, openLogRecords, sigmaRuleMetadata, type LogInputSummary } from '@quarry/hunting';
import type { Insight } from '@quarry/insights';
import type { SigmaEngine } from '@quarry/sigma';
import type { WorkerDeps } from '../deps.js';
import { evidenceStream } from './evidence-stream.js';
import type { ScanContext } from './scan-context.js';
import { unusable } from './unusable.js';

/**
 * Runs the job's Sigma rules over every input as it streams (EVTX chunk by chunk, JSON/JSONL record
 * by record, XML event by event), so a 1 GB job is never held in memory. Unreadable records are
 * counted per input; a file that is no log at all fails the job, naming it.
 */
export async function runSigmaFileScan(deps: WorkerDeps, scan: ScanContext, threads: number): Promise<Insight[]> {
  let engine: SigmaEngine;
  let community: { loaded: number; refused: string[] } | undefined;
  if (scan.customRule === undefined) {
    const rules = deps.sigma.current();
    engine = rules.engine;
    community = { loaded: rules.loaded, refused: rules.refusedReasons };
  } else {
    const compiled = compileCustomSigmaRule(scan.customRule);
    if ('error' in compiled) throw unusable(compiled.error);
    engine = compiled.engine;
  }
  const run = new SigmaFileScan(engine);
  const inputs: LogInputSummary[] = [];
  for (const file of scan.files) {
    const source = scan.progress.count(evidenceStream(deps.blobs, file, scan.clientKey, scan.ctx.cancellationSignal));
    let log;
    try {
      log = await openLogRecords(source, file.originalName, Number(file.size), threads);
    } catch (err) {
      if (err instanceof UnsupportedLogError) throw unusable(err.message);
      throw err;
    }
    const summary: LogInputSummary = { fileName: file.originalName, format: log.format, records: 0, unreadable: 0 };
    for await (const item of log.items) {
      scan.progress.tick();
      if ('bad' in item) {
        summary.unreadable++;
        summary.firstProblem ??= item.bad;
        continue;
      }
      summary.records++;
      run.push(file.originalName, item.record);
    }
    inputs.push(summary);
  }
  run.finish();
  return [
    run.table(),
    sigmaRuleMetadata({ ...(scan.customRule === undefined ? {} : { customRule: scan.customRule }), ...(community ? { community } : {}), inputs }),
  ];
}
