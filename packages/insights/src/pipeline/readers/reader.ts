import type { ArtifactType, ParseCategory } from '@quarry/vocabulary';
import type { AnalysisOptions, InputReport, RecordNotes } from '../analyzer.js';
import type { RecordSink } from '../record-sink.js';
import type { NestedResults } from '../../triage/model.js';
import type { InputRef, PipelineInput } from '../input.js';
import type { RecordOf } from '../records.js';
import type { SigmaRules } from '../../evtx/sigma-rules.js';

/** What a reader hands the pipeline: records, and each input's report after its last record. */
export type ReaderEvent<C extends ParseCategory> =
  | { type: 'record'; record: RecordOf<C>; input: InputRef }
  | { type: 'done'; report: InputReport }
  /** A composite type's reader (triage): one member type's finished results, listed after the job's own. */
  | { type: 'nested'; results: NestedResults };

/** What a composite type's reader needs to run its members through their own types' plug-ins. */
export interface NestedEnv {
  options: AnalysisOptions;
  /** The member type's record sink (its own search store of the job); absent in tests without stores. */
  sinkFor?: <T extends ArtifactType>(type: T, notes: RecordNotes) => Promise<RecordSink<T>>;
  onProgress?: () => void;
  signal?: AbortSignal;
}

export interface ReaderEnv {
  /** Worker threads the parser may use besides this one (from the worker's CPU budget). */
  threads: number;
  /** The job's Sigma rules (run_sigma_rules): EVTX parser threads match them where they parse. */
  sigmaRules?: SigmaRules | undefined;
  /** Given to every reader; only composite types' readers use it. */
  nested?: NestedEnv;
}

/** A job's inputs: a list, or (a collection's members of one type) a stream of them as the collection is read. */
export type ReaderInputs = readonly PipelineInput[] | AsyncIterable<PipelineInput>;

/**
 * Turns a job's inputs of one category into records, opening each input exactly once. Inputs may
 * arrive as a stream (`for await`): a reader must open each one before asking for the next.
 */
export type JobReader<C extends ParseCategory> = (inputs: ReaderInputs, env: ReaderEnv) => AsyncIterable<ReaderEvent<C>>;

/** At most this many warning messages are kept per input; the count says how many there were. */
export const MAX_WARNINGS = 50;

export function keepWarnings(messages: string[]): string[] {
  if (messages.length <= MAX_WARNINGS) return messages;
  return [...messages.slice(0, MAX_WARNINGS), `… and ${messages.length - MAX_WARNINGS} more`];
}
