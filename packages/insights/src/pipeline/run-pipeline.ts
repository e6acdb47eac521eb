import type { ParseCategory } from '@quarry/vocabulary';
import type { SigmaRules } from '../evtx/sigma-rules.js';
import type { KnownExecutables } from './known-executables.js';
import type { Insight } from '../types.js';
import type { AnalysisOptions, AnalyzerFactory, RecordNotes } from './analyzer.js';
import { UnusableInputError } from './errors.js';
import { fanOut } from './fan-out.js';
import type { PipelineInput } from './input.js';
import type { RecordSink } from './record-sink.js';
import type { NestedEnv } from './readers/reader.js';
import { pluginOf } from '../plugins.js';

export interface PipelineRun<C extends ParseCategory> {
  category: C;
  inputs: readonly PipelineInput[];
  options: AnalysisOptions;
  /** Worker threads the parsers may use (the worker's CPU budget decides). */
  threads: number;
  sink?: RecordSink<C>;
  /** A composite job's (triage) member types' sinks: each type's records go to a store of its own. */
  sinkFor?: NestedEnv['sinkFor'];
  /** Stand-ins for the category's plug-in analyzers (tests, benchmarks). */
  analyzers?: readonly AnalyzerFactory<C>[];
  /** Called as records flow, for heartbeats. */
  onProgress?: () => void;
  signal?: AbortSignal;
  /** What analyzers note about each record, for the sink's owner (see RecordNotes). */
  notes?: RecordNotes;
  /** The process's compiled Sigma set: required for an EVTX job with `runSigmaRules`, ignored otherwise. */
  sigmaRules?: SigmaRules | undefined;
  /** The shipped known Windows files, for plug-ins that use them (`usesKnownExecutables`); without it their analyzers skip that rule. */
  knownExecutables?: KnownExecutables | undefined;
}

/**
 * The one analysis step of a parse job: reads each input once, as a stream, and hands every
 * record to each analyzer and to the record sink; then collects the analyzers' insights. Fails
 * (UnusableInputError) on an input of the wrong type, or when no input could be read at all.
 */
export async function runPipeline<C extends ParseCategory>(run: PipelineRun<C>): Promise<Insight[]> {
  const plugin = pluginOf(run.category);
  // One object for the job: the parser threads and the Sigma analyzer must see the same compiled set.
  const sigmaRules = plugin.runsSigmaRules && run.options.runSigmaRules ? requireSigma(run.sigmaRules) : undefined;
  try {
    const { insights, failures } = await fanOut({
      ...run,
      inputs: run.inputs.map((i) => i.ref),
      events: plugin.read(run.inputs, {
        threads: run.threads,
        sigmaRules,
        nested: { options: run.options, sinkFor: run.sinkFor, onProgress: run.onProgress, signal: run.signal },
      }),
      sigmaRules,
      knownExecutables: plugin.usesKnownExecutables ? run.knownExecutables : undefined,
    });
    if (run.inputs.length > 0 && failures.length === run.inputs.length) {
      throw new UnusableInputError(`No input could be read (${failures.join('; ')})`);
    }
    await run.sink?.close();
    return insights;
  } catch (err) {
    await run.sink?.abort();
    throw err;
  }
}

function requireSigma(rules: SigmaRules | undefined): SigmaRules {
  if (!rules) throw new Error('runSigmaRules on an EVTX job needs the compiled Sigma rules (PipelineRun.sigmaRules)');
  return rules;
}
