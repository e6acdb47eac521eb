import { IMPORTANCE_LEVELS, importanceRank, maxImportance } from '../common/importance.js';
import { formatTime } from '../common/time-format.js';
import { baseName } from '../common/windows-path.js';
import type { Importance } from '../types.js';
import { COMMAND_LINE_MAX, MEMBERS_KEPT, newNode, type GraphNode } from './graph-node.js';

export const MAX_GRAPH_NODES = 400;

/** Member line of a summary: `"<pid> | <time> | <command line>"`. */
function memberLine(n: GraphNode): string {
  return `${Number.isNaN(n.pid) ? '' : n.pid} | ${formatTime(n.time)} | ${(n.commandLine || n.image).slice(0, COMMAND_LINE_MAX)}`;
}

const isLeaf = (n: GraphNode) => n.children.length === 0;

/** Folds sibling nodes (and whatever hangs below them) into one summary node under their parent. */
function fold(parentChildren: GraphNode[], group: GraphNode[], parent: GraphNode | null): GraphNode {
  const summary = newNode('summary', { computer: group[0]!.computer, time: Infinity, image: '' });
  const images = new Map<string, number>();
  const absorb = (n: GraphNode) => {
    if (n.kind === 'summary') {
      for (const m of n.members) if (summary.members.length < MEMBERS_KEPT) summary.members.push(m);
      summary.memberCount += n.memberCount;
    } else {
      if (summary.members.length < MEMBERS_KEPT) summary.members.push(memberLine(n));
      summary.memberCount++;
    }
    const img = n.image;
    images.set(img, (images.get(img) ?? 0) + (n.kind === 'summary' ? n.memberCount : 1));
    summary.importance = maxImportance(summary.importance, n.importance);
    if (n.time < summary.time) {
      summary.time = n.time;
      summary.recordId = n.recordId;
    }
    for (const c of n.children) absorb(c);
  };
  for (const n of group) absorb(n);
  summary.image = [...images.entries()].sort((a, b) => b[1] - a[1])[0]![0];
  const gone = new Set(group);
  const kept = parentChildren.filter((c) => !gone.has(c));
  parentChildren.length = 0;
  parentChildren.push(...kept, summary);
  summary.parent = parent;
  return summary;
}

function count(roots: GraphNode[]): number {
  let n = 0;
  const walk = (x: GraphNode) => {
    n++;
    for (const c of x.children) walk(c);
  };
  for (const r of roots) walk(r);
  return n;
}

/** Every parent with its children list (the roots' list under `null`). */
function parents(roots: GraphNode[]): [GraphNode | null, GraphNode[]][] {
  const out: [GraphNode | null, GraphNode[]][] = [[null, roots]];
  const walk = (x: GraphNode) => {
    if (x.children.length) out.push([x, x.children]);
    for (const c of x.children) walk(c);
  };
  for (const r of roots) walk(r);
  return out;
}

/** Groups a parent's leaves by key and folds groups of at least `min` nodes. */
function foldLeaves(roots: GraphNode[], key: (n: GraphNode) => string | null, min: number): void {
  for (const [parent, kids] of parents(roots)) {
    const groups = new Map<string, GraphNode[]>();
    for (const c of kids) {
      if (!isLeaf(c)) continue;
      const k = key(c);
      if (k === null) continue;
      const g = groups.get(k);
      if (g) g.push(c);
      else groups.set(k, [c]);
    }
    for (const g of groups.values()) if (g.length >= min) fold(kids, g, parent);
  }
}

/**
 * INSIGHTS.md §3 optimisation, in order: (a) ≥ 2 leaf siblings with the same image and command
 * line → a summary; (b) > 10 leaf siblings with the same image → a summary; (c) while over 400
 * nodes, each parent's Informational leaves fold into one summary. Should that not be enough (many
 * distinct roots or deep chains), the same fold is applied to leaves of the next levels up, then
 * the least important subtrees whose children are all leaves collapse into one summary, until the
 * graph fits. Summaries keep their members' pids, times and command lines.
 */
export function optimiseGraph(roots: GraphNode[]): void {
  const proc = (n: GraphNode) => n.kind === 'process';
  foldLeaves(roots, (n) => (proc(n) ? `${n.image.toLowerCase()}\u0000${n.commandLine}` : null), 2);
  foldLeaves(roots, (n) => (n.kind === 'stub' ? null : n.image.toLowerCase()), 11);
  let total = count(roots);
  for (let level = 0; total > MAX_GRAPH_NODES && level < IMPORTANCE_LEVELS.length;) {
    const cap = IMPORTANCE_LEVELS[level]!;
    foldLeaves(roots, (n) => (importanceRank(n.importance) <= importanceRank(cap) ? 'fold' : null), 2);
    const now = count(roots);
    if (now === total) level++;
    total = now;
  }
  while (total > MAX_GRAPH_NODES) {
    collapseSubtrees(roots, total - MAX_GRAPH_NODES);
    foldLeaves(roots, () => 'fold', 2);
    const now = count(roots);
    if (now === total) break;
    total = now;
  }
}

/** Collapses the least important (then oldest) nodes whose children are all leaves, enough to shed `excess` nodes. */
function collapseSubtrees(roots: GraphNode[], excess: number): void {
  const candidates: GraphNode[] = [];
  const walk = (x: GraphNode) => {
    if (x.children.length && x.children.every(isLeaf)) candidates.push(x);
    for (const c of x.children) walk(c);
  };
  for (const r of roots) walk(r);
  candidates.sort((a, b) => rankOf(a) - rankOf(b) || a.time - b.time);
  let shed = 0;
  for (const c of candidates) {
    if (shed >= excess) break;
    shed += c.children.length;
    const siblings = c.parent ? c.parent.children : roots;
    fold(siblings, [c], c.parent);
  }
}

function rankOf(n: GraphNode): number {
  let r = importanceRank(n.importance);
  for (const c of n.children) r = Math.max(r, importanceRank(c.importance));
  return r;
}

/** Label base name of a node's image ("" when unknown). */
export function imageLabel(n: GraphNode): string {
  return n.image ? baseName(n.image) : '';
}

export function levelColour(i: Importance): string {
  return { Critical: 'red', High: 'orange', Medium: 'yellow', Low: 'lightblue', Informational: 'white' }[i];
}
