import { formatTime } from '../common/time-format.js';
import { COMMAND_LINE_MAX, type GraphNode } from './graph-node.js';
import { imageLabel, levelColour } from './graph-optimise.js';

/** DOT string escaping (INSIGHTS.md §3): `\` → `\\`, `"` → `\"`, newline → `\n` (CR dropped). */
export function dotString(s: string): string {
  return `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\r/g, '').replace(/\n/g, '\\n')}"`;
}

function nodeLine(n: GraphNode): string {
  const pid = Number.isNaN(n.pid) ? '' : String(n.pid);
  if (n.kind === 'summary') {
    const label = `${imageLabel(n) || 'process'} ×${n.memberCount}`;
    const comment = `${n.memberCount} processes folded | first ${formatTime(n.time)} | record ${n.recordId}`;
    return `  ${n.id} [label=${dotString(label)}, tooltip=${dotString(`see graph_metadata ${n.id}`)}, comment=${dotString(comment)}, fillcolor=${levelColour(n.importance)}];`;
  }
  if (n.kind === 'stub') {
    const label = imageLabel(n) ? `${imageLabel(n)}\n${pid}` : `pid ${pid}`;
    const comment = `parent not in the logs | first child ${formatTime(n.time)} | record ${n.recordId}`;
    return `  ${n.id} [label=${dotString(label)}, tooltip=${dotString(n.image)}, comment=${dotString(comment)}, fillcolor=${levelColour(n.importance)}, style="filled,dashed"];`;
  }
  const label = `${imageLabel(n)}\n${pid}`;
  const comment = `${n.user} | ${n.integrity} | ${formatTime(n.time)} | record ${n.recordId}`;
  return `  ${n.id} [label=${dotString(label)}, tooltip=${dotString(n.commandLine.slice(0, COMMAND_LINE_MAX))}, comment=${dotString(comment)}, fillcolor=${levelColour(n.importance)}];`;
}

/** The tree as DOT: nodes in id order, then parent → child edges. */
export function writeDot(nodes: GraphNode[]): string {
  if (nodes.length === 0) return 'digraph process_tree {}';
  const lines = ['digraph process_tree {', '  rankdir=LR;', '  node [shape=box, style=filled];'];
  for (const n of nodes) lines.push(nodeLine(n));
  for (const n of nodes) if (n.parent) lines.push(`  ${n.parent.id} -> ${n.id};`);
  lines.push('}');
  return lines.join('\n');
}
