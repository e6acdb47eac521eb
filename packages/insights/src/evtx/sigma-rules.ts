import type { RecordAnnotator } from '@quarry/evtx';
import type { RuleInfo, RuleMatch, SigmaEngine } from '@quarry/sigma';

/** One loaded rule directory: the set's name and version (from its install record) and its counts. */
export interface LoadedRuleSet {
  name: string;
  /** Empty when unknown (a directory copied or configured by hand). */
  version: string;
  directory: string;
  loaded: number;
  refused: number;
}

/**
 * The compiled Sigma rule set an EVTX job runs with `run_sigma_rules`. Built and kept by the
 * process (@quarry/hunting's SigmaRuleSet) and passed in: analysis never compiles rules itself.
 */
export interface SigmaRules {
  engine: SigmaEngine;
  /** Detection rules loaded (compiled), and refused. */
  loaded: number;
  refused: number;
  /** Lower-case channels each loaded Windows rule reads (null: any channel): rules whose logsource is absent from a job are counted. */
  channels: ReadonlyMap<RuleInfo, readonly string[] | null>;
  /** Per directory, the built-in pack first (the Overview names them). */
  sets: readonly LoadedRuleSet[];
  /** Matching where EVTX records are parsed; without it every record is matched on the job's thread. */
  annotation?: SigmaAnnotation | undefined;
}

export interface SigmaAnnotation {
  /** What EVTX parser threads are given to match the same rules where they parse. */
  annotator: RecordAnnotator;
  /** The matches a parser thread attached to a record (`record.annotation`), as the engine's matches. */
  matches(annotation: unknown): RuleMatch[];
}
