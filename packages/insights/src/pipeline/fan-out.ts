import { evidenceTypes, type ParseCategory } from '@quarry/vocabulary';
import { pluginOf } from '../plugins.js';
import type { Insight } from '../types.js';
import type { AnalysisOptions, Analyzer, AnalyzerFactory, InputReport, RecordNotes } from './analyzer.js';
import { ImplausibleItems } from './implausible-items.js';
import type { InputRef } from './input.js';
import type { ReaderEvent } from './readers/reader.js';
import type { RecordSink } from './record-sink.js';
import type { SigmaRules } from '../evtx/sigma-rules.js';
import type { KnownExecutables } from './known-executables.js';
import type { NestedResults } from '../triage/model.js';
import { retitle } from '../triage/retitle.js';

export interface FanOut<C extends ParseCategory> {
  category: C;
  inputs: readonly InputRef[];
  options: AnalysisOptions;
  events: AsyncIterable<ReaderEvent<C>>;
  sink?: RecordSink<C>;
  /** Stand-ins for the category's plug-in analyzers (tests, benchmarks); they share no job state. */
  analyzers?: readonly AnalyzerFactory<C>[];
  onProgress?: () => void;
  /** Told each input's report as it comes (a composite job's inventory). */
  onReport?: (report: InputReport) => void;
  signal?: AbortSignal;
  /** Shared with the sink's owner, who reads it when the sink is handed each record. */
  notes?: RecordNotes;
  sigmaRules?: SigmaRules | undefined;
  knownExecutables?: KnownExecutables | undefined;
}

const NONE: readonly string[] = [];

/**
 * Hands every record to each analyzer (and to the sink), and each input's report to the analyzers;
 * returns their insights and the reports that carried an error. Used on freshly parsed records and
 * on records read back from a job's store alike, so both go through the same analyzers.
 */
export async function fanOut<C extends ParseCategory>(run: FanOut<C>): Promise<{ insights: Insight[]; failures: string[] }> {
  const notes = run.notes ?? { sigmaMatches: NONE };
  const ctx = {
    category: run.category,
    inputs: run.inputs,
    options: run.options,
    notes,
    sigmaRules: run.sigmaRules,
    knownExecutables: run.knownExecutables,
    implausible: new ImplausibleItems(),
  };
  const analyzers = run.analyzers ? run.analyzers.map((make) => make(ctx)) : pluginOf(run.category).analyzers(ctx);
  const failures: string[] = [];
  const nested: Insight[] = [];
  for await (const event of run.events) {
    if (event.type === 'nested') {
      for (const a of analyzers) a.nestedDone?.(event.results);
      nested.push(...nestedInsights(event.results));
    } else if (event.type === 'record') {
      notes.sigmaMatches = NONE;
      for (const a of analyzers) a.push(event.record, event.input);
      const written = run.sink?.write(event.record, event.input);
      if (written) await written;
    } else {
      if (event.report.error) failures.push(`${event.report.input.name}: ${event.report.error}`);
      for (const a of analyzers) a.inputDone?.(event.report);
      run.onReport?.(event.report);
    }
    run.onProgress?.();
    run.signal?.throwIfAborted();
  }
  return { insights: [...finishAll(analyzers), ...nested], failures };
}

/** A member type's insights as a composite job lists them: titled `<type label> · <title>`, so types' titles never collide. */
function nestedInsights(results: NestedResults): Insight[] {
  const label = evidenceTypes[results.type].label;
  return results.insights.map((insight) => retitle(insight, (title) => `${label} · ${title}`));
}

/** Every analyzer's insights in registration order; those reporting on the job are finished last. */
function finishAll<C extends ParseCategory>(analyzers: readonly Analyzer<C>[]): Insight[] {
  const done = analyzers.map((a) => (a.reportsOnJob ? null : a.finish()));
  return analyzers.flatMap((a, i) => done[i] ?? a.finish());
}
