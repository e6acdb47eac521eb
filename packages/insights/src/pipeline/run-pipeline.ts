import type { ParseCategory } from '@quarry/vocabulary';
import { ANALYZERS } from '../analyzers.js';
import type { Insight } from '../types.js';
import type { AnalysisOptions, AnalyzerFactory } from './analyzer.js';
import { UnusableInputError } from './errors.js';
import type { PipelineInput } from './input.js';
import { READERS } from './readers/index.js';
import type { RecordSink } from './record-sink.js';

export interface PipelineRun<C extends ParseCategory> {
  category: C;
  inputs: readonly PipelineInput[];
  options: AnalysisOptions;
  /** Worker threads the parsers may use (the worker's CPU budget decides). */
  threads: number;
  sink?: RecordSink<C>;
  /** Defaults to the category's registered analyzers. */
  analyzers?: readonly AnalyzerFactory<C>[];
  /** Called as records flow, for heartbeats. */
  onProgress?: () => void;
  signal?: AbortSignal;
}

/**
 * The one analysis step of a parse job: reads each input once, as a stream, and hands every
 * record to each analyzer and to the record sink; then collects the analyzers' insights. Fails
 * (UnusableInputError) on an input of the wrong type, or when no input could be read at all.
 */
export async function runPipeline<C extends ParseCategory>(run: PipelineRun<C>): Promise<Insight[]> {
  const ctx = { category: run.category, inputs: run.inputs.map((i) => i.ref), options: run.options };
  const analyzers = (run.analyzers ?? (ANALYZERS[run.category] as readonly AnalyzerFactory<C>[])).map((make) => make(ctx));
  const reader = READERS[run.category] as (typeof READERS)[C];
  const failures: string[] = [];
  try {
    for await (const event of reader(run.inputs, { threads: run.threads })) {
      if (event.type === 'record') {
        for (const a of analyzers) a.push(event.record, event.input);
        const written = run.sink?.write(event.record, event.input);
        if (written) await written;
      } else {
        if (event.report.error) failures.push(`${event.report.input.name}: ${event.report.error}`);
        for (const a of analyzers) a.inputDone?.(event.report);
      }
      run.onProgress?.();
      run.signal?.throwIfAborted();
    }
    if (run.inputs.length > 0 && failures.length === run.inputs.length) {
      throw new UnusableInputError(`No input could be read (${failures.join('; ')})`);
    }
    await run.sink?.close();
  } catch (err) {
    await run.sink?.abort();
    throw err;
  }
  return analyzers.flatMap((a) => a.finish());
}
