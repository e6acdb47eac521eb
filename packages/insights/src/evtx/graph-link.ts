import { baseName } from '../common/windows-path.js';
import { newNode, type GraphNode } from './graph-node.js';

/** A process node with what linking needs from its creation event. */
export interface Pending {
  node: GraphNode;
  eventId: 1 | 4688;
  guid: string;
  parentGuid: string;
  parentPid: number;
  parentImage: string;
}

const TWIN_WINDOW_MS = 2000;
const PARENT_LOOKBACK_MS = 24 * 3600 * 1000;

/**
 * Links process nodes into trees (INSIGHTS.md §3): a 4688 and a Sysmon 1 for the same computer, pid
 * and image name within 2 s are one node; Sysmon links by ParentProcessGuid; a 4688 links to the
 * latest earlier 4688 on its computer whose NewProcessId is its ProcessId (≤ 24 h back); unseen
 * parents become stubs. Returns the process nodes (twins merged) and the stubs, both in time order.
 */
export function linkProcesses(pending: Pending[]): { processes: GraphNode[]; stubs: GraphNode[] } {
  pending.sort((a, b) => a.node.time - b.node.time || a.node.recordId - b.node.recordId);
  const key = (p: Pending) => `${p.node.computer}|${p.node.pid}|${baseName(p.node.image).toLowerCase()}`;

  const sysmonByPid = new Map<string, Pending[]>();
  for (const p of pending) if (p.eventId === 1) push(sysmonByPid, key(p), p);
  /** Each 4688 resolves to the node that stands for it: its own, or its Sysmon twin's. */
  const resolved = new Map<Pending, GraphNode>();
  const processes: GraphNode[] = [];
  for (const p of pending) {
    if (p.eventId === 4688) {
      const twin = sysmonByPid.get(key(p))?.find((s) => Math.abs(s.node.time - p.node.time) <= TWIN_WINDOW_MS);
      if (twin) {
        resolved.set(p, twin.node);
        continue;
      }
      resolved.set(p, p.node);
    }
    processes.push(p.node);
  }

  const stubs = new Map<string, GraphNode>();
  const stub = (id: string, from: Pending): GraphNode => {
    let s = stubs.get(id);
    if (!s) {
      const pid = from.parentPid;
      stubs.set(id, (s = newNode('stub', { computer: from.node.computer, time: from.node.time, recordId: from.node.recordId, image: from.parentImage, pid })));
    }
    return s;
  };
  const attach = (child: GraphNode, parent: GraphNode) => {
    if (child.parent || child === parent) return;
    child.parent = parent;
    parent.children.push(child);
  };

  const byGuid = new Map<string, GraphNode>();
  for (const p of pending) if (p.eventId === 1 && p.guid) byGuid.set(`${p.node.computer}|${p.guid}`, p.node);
  // 4688s per computer and NewProcessId, in time order, for the "latest earlier creator" lookup.
  const byNewPid = new Map<string, Pending[]>();
  for (const p of pending) if (p.eventId === 4688) push(byNewPid, `${p.node.computer}|${p.node.pid}`, p);

  for (const p of pending) {
    const node = p.eventId === 4688 ? resolved.get(p)! : p.node;
    if (node.parent) continue;
    if (p.eventId === 1) {
      const parent = p.parentGuid ? byGuid.get(`${p.node.computer}|${p.parentGuid}`) : undefined;
      if (parent && parent !== node) attach(node, parent);
      else attach(node, stub(`g|${p.node.computer}|${p.parentGuid || p.parentPid}`, p));
      continue;
    }
    const candidates = byNewPid.get(`${p.node.computer}|${p.parentPid}`) ?? [];
    let creator: Pending | undefined;
    for (const c of candidates) {
      if (c === p || c.node.time > p.node.time || (c.node.time === p.node.time && c.node.recordId >= p.node.recordId)) break;
      if (p.node.time - c.node.time <= PARENT_LOOKBACK_MS) creator = c;
    }
    const parent = creator ? resolved.get(creator)! : undefined;
    if (parent && parent !== node) attach(node, parent);
    else attach(node, stub(`p|${p.node.computer}|${p.parentPid}|${p.parentImage.toLowerCase()}`, p));
  }
  return { processes, stubs: [...stubs.values()] };
}

function push<K, V>(m: Map<K, V[]>, k: K, v: V): void {
  const list = m.get(k);
  if (list) list.push(v);
  else m.set(k, [v]);
}
