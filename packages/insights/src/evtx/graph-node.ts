import type { Importance } from '../types.js';

/** A node of the process tree: a process creation, a stub for an unseen parent, or a summary. */
export interface GraphNode {
  kind: 'process' | 'stub' | 'summary';
  /** DOT id, assigned when the graph is written (p<k>, s<k>, summary_<k>). */
  id: string;
  computer: string;
  time: number;
  recordId: number;
  image: string;
  pid: number;
  commandLine: string;
  user: string;
  integrity: string;
  importance: Importance;
  parent: GraphNode | null;
  children: GraphNode[];
  /** Summary members, `"<pid> | <time> | <command line>"` each. */
  members: string[];
  /** Members a summary stands for (members keeps at most MEMBERS_KEPT lines). */
  memberCount: number;
}

/** Command lines in tooltips and member lines are cut here (INSIGHTS.md §3). */
export const COMMAND_LINE_MAX = 1000;
/** Member lines kept per summary node (the count is always exact). */
export const MEMBERS_KEPT = 1000;

export function newNode(kind: GraphNode['kind'], init: Partial<GraphNode>): GraphNode {
  return {
    kind,
    id: '',
    computer: '',
    time: 0,
    recordId: 0,
    image: '',
    pid: NaN,
    commandLine: '',
    user: '',
    integrity: '',
    importance: 'Informational',
    parent: null,
    children: [],
    members: [],
    memberCount: 0,
    ...init,
  };
}
