import type { ParseCategory } from '@quarry/vocabulary';
import type { Insight } from '../types.js';
import type { ImplausibleItems } from './implausible-items.js';
import type { InputRef } from './input.js';
import type { RecordOf } from './records.js';
import type { SigmaRules } from '../evtx/sigma-rules.js';
import type { KnownExecutables } from './known-executables.js';
import type { MemberOutcome, NestedResults } from '../triage/model.js';

/** What reading one input found besides its records. */
export interface InputReport {
  input: InputRef;
  /** Records read from the input (for registry: keys). */
  records: number;
  /** Damage and anomalies the parser recovered from, in its own words. */
  warnings: string[];
  /** Set when nothing of the input could be read; the job goes on with the other inputs. */
  error: string | null;
  /** Facts worth showing about the input (detected type, hive type, replayed logs, …). */
  facts: Record<string, string>;
  /** Items the reader kept from the analyzers because no correct decoder emits them (EVTX records, prefetch times). */
  implausible?: ImplausibleItems;
  /** A collection input (triage): each of its members and what became of it, unknown members included (type null). */
  members?: readonly MemberOutcome[];
}

/** Job options the analyzers may act on (non-secret). */
export interface AnalysisOptions {
  runSigmaRules: boolean;
}

/**
 * What analyzers found out about the record being pushed, for the record sink (which is handed the
 * record right after every analyzer): e.g. the Sigma rules it matched, searchable in the job's store.
 * Reset before each record.
 */
export interface RecordNotes {
  /** Titles and ids of the Sigma rules the record matched. */
  sigmaMatches: readonly string[];
}

export interface AnalyzerContext<C extends ParseCategory = ParseCategory> {
  category: C;
  inputs: readonly InputRef[];
  options: AnalysisOptions;
  notes: RecordNotes;
  /** The job's Sigma rules, resolved once per job (run_sigma_rules on EVTX), as the parser threads got them. */
  sigmaRules?: SigmaRules | undefined;
  /** The known Windows files, for plug-ins that ask (`usesKnownExecutables`); absent when the caller has none. */
  knownExecutables?: KnownExecutables | undefined;
  /** Where analyzers put the items they keep out of their tables (common/plausibility.ts). */
  implausible: ImplausibleItems;
}

/**
 * One result type of a parse job: it is pushed every record of the job once, in input order, and
 * returns its insights at the end. Analyzers keep what they need and nothing more (memory must
 * stay bounded whatever the job size).
 */
export interface Analyzer<C extends ParseCategory = ParseCategory> {
  push(record: RecordOf<C>, input: InputRef): void;
  /** Called once per input after its last record. */
  inputDone?(report: InputReport): void;
  /** A composite job (triage): a member type's finished results (they come before `finish`). */
  nestedDone?(results: NestedResults): void;
  /** The result type's insights, once every input is done. */
  finish(): Insight[];
  /**
   * Reports on the job (File metadata, the EVTX Overview): finished after every other analyzer, so
   * it sees what they rejected as implausible; its insights keep their place in the list.
   */
  reportsOnJob?: true;
}

/**
 * Makes one result type's analyzer for a job. `state` is what the type's analyzers of the job share
 * (the EVTX timeline, the registry key store), made once per job by its plug-in and handed to each.
 */
export type AnalyzerFactory<C extends ParseCategory = ParseCategory, S = void> = (ctx: AnalyzerContext<C>, state: S) => Analyzer<C>;
