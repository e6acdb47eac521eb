import type { Analyzer, AnalyzerContext } from '../pipeline/analyzer.js';
import type { Insight } from '../types.js';
import { writeDot } from './dot.js';
import { viewOf } from './event-view.js';
import { linkProcesses, type Pending } from './graph-link.js';
import { COMMAND_LINE_MAX, newNode, type GraphNode } from './graph-node.js';
import { optimiseGraph } from './graph-optimise.js';
import { processEvent } from './process-event.js';
import { processVerdict } from './process-verdict.js';

/**
 * Creation events kept for the graph. Beyond this the job's later creations are counted but not
 * drawn: the graph is folded to 400 nodes anyway, and memory must not follow the job's size.
 */
export const GRAPH_EVENTS_KEPT = 50_000;

/** "Process Inference Graph" (Process): Sysmon 1 / 4688 trees as DOT, folded to ≤ 400 nodes. */
export function processGraph(_ctx: AnalyzerContext<'winevtx'>): Analyzer<'winevtx'> {
  const pending: Pending[] = [];
  let dropped = 0;
  return {
    push(record) {
      const v = viewOf(record);
      if (v.eventId !== 1 && v.eventId !== 4688) return;
      const p = processEvent(v);
      if (!p) return;
      if (pending.length >= GRAPH_EVENTS_KEPT) {
        dropped++;
        return;
      }
      const node = newNode('process', {
        computer: p.computer,
        time: p.time,
        recordId: p.recordId,
        image: p.image,
        pid: p.pid,
        commandLine: p.commandLine.slice(0, COMMAND_LINE_MAX),
        user: p.user,
        integrity: p.integrity,
        importance: processVerdict(p).verdict.importance,
      });
      pending.push({ node, eventId: p.eventId, guid: p.guid, parentGuid: p.parentGuid, parentPid: p.parentPid, parentImage: p.parentImage });
    },
    finish(): Insight[] {
      const { processes, stubs } = linkProcesses(pending);
      processes.forEach((n, i) => (n.id = `p${i + 1}`));
      stubs.forEach((n, i) => (n.id = `s${i + 1}`));
      const original = processes.length + stubs.length + dropped;
      const roots = stubs.concat(processes.filter((n) => !n.parent));
      optimiseGraph(roots);
      const nodes = collect(roots);
      const metadata: Record<string, string[]> = { _stats_original_nodes: [String(original)], _stats_optimized_nodes: [String(nodes.length)] };
      let k = 0;
      for (const n of nodes.filter((x) => x.kind === 'summary').sort((a, b) => a.time - b.time || a.recordId - b.recordId)) {
        n.id = `summary_${++k}`;
        metadata[n.id] = n.memberCount > n.members.length ? [...n.members, `… and ${n.memberCount - n.members.length} more`] : n.members;
      }
      const order = (n: GraphNode) => (n.kind === 'stub' ? 0 : n.kind === 'process' ? 1 : 2);
      nodes.sort((a, b) => order(a) - order(b) || idNumber(a.id) - idNumber(b.id));
      return [{ Graph: { title: 'Process Inference Graph', data: writeDot(nodes), graph_metadata: metadata, category: 'Process' } }];
    },
  };
}

function idNumber(id: string): number {
  return Number(id.slice(id.lastIndexOf('_') + 1).replace(/^[ps]/, ''));
}

function collect(roots: GraphNode[]): GraphNode[] {
  const out: GraphNode[] = [];
  const walk = (n: GraphNode) => {
    out.push(n);
    for (const c of n.children) walk(c);
  };
  for (const r of roots) walk(r);
  return out;
}
