import type { ParseCategory } from '@quarry/vocabulary';
import type { InputReport } from '../analyzer.js';
import type { InputRef, PipelineInput } from '../input.js';
import type { RecordOf } from '../records.js';
import type { SigmaRules } from '../../evtx/sigma-rules.js';

/** What a reader hands the pipeline: records, and each input's report after its last record. */
export type ReaderEvent<C extends ParseCategory> = { type: 'record'; record: RecordOf<C>; input: InputRef } | { type: 'done'; report: InputReport };

export interface ReaderEnv {
  /** Worker threads the parser may use besides this one (from the worker's CPU budget). */
  threads: number;
  /** The job's Sigma rules (run_sigma_rules): EVTX parser threads match them where they parse. */
  sigmaRules?: SigmaRules | undefined;
}

/** Turns a job's inputs of one category into records, opening each input exactly once. */
export type JobReader<C extends ParseCategory> = (inputs: readonly PipelineInput[], env: ReaderEnv) => AsyncIterable<ReaderEvent<C>>;

/** At most this many warning messages are kept per input; the count says how many there were. */
export const MAX_WARNINGS = 50;

export function keepWarnings(messages: string[]): string[] {
  if (messages.length <= MAX_WARNINGS) return messages;
  return [...messages.slice(0, MAX_WARNINGS), `… and ${messages.length - MAX_WARNINGS} more`];
}
