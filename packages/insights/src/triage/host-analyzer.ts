import type { Analyzer } from '../pipeline/analyzer.js';
import type { Insight } from '../types.js';
import type { HostState } from './host-state.js';
import type { TriageRecord } from './model.js';

interface HostResultType {
  /** The result type's name (the descriptor's `resultTypes`), under which its insights are published. */
  name: string;
  /** Its insights, from the job's shared state (called once, after every member type is done). */
  build(state: HostState): Insight[];
  /** Sees each Host Timeline fact (optional: most result types read per-type results only). */
  fact?(record: TriageRecord): void;
  reportsOnJob?: true;
}

/**
 * The wiring every host result type shares: member types' results and input reports go to the
 * job's HostState; the finished insights are published there for Findings.
 */
export function hostAnalyzer(state: HostState, type: HostResultType): Analyzer<'triage'> {
  return {
    push: (record) => type.fact?.(record),
    inputDone: (report) => state.addReport(report),
    nestedDone: (results) => state.addResults(results),
    finish: () => state.publish(type.name, type.build(state)),
    ...(type.reportsOnJob ? { reportsOnJob: true as const } : {}),
  };
}
