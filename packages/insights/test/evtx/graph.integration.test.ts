import { Graphviz } from '@hpcc-js/wasm-graphviz';
import { describe, expect, test } from 'vitest';
import { HAVE_SAMPLES, NO_SAMPLES } from '../support/inputs.js';
import { parseDot } from './dot-check.js';
import { DUMP_GATE, dumpEvents, str } from './evtx-dump.js';
import { evtxSamples, insight, runEvtx } from './run-evtx.js';

/** Structural checks every graph must pass: DOT reads, ≤ 400 nodes, a forest, stats and summaries consistent. */
function checkGraph(graph: { data: string; graph_metadata: Record<string, string[]> }) {
  const dot = parseDot(graph.data);
  const meta = graph.graph_metadata;
  expect(Object.keys(meta).every((k) => k === '_stats_original_nodes' || k === '_stats_optimized_nodes' || k.startsWith('summary_'))).toBe(true);
  expect(meta['_stats_optimized_nodes']).toEqual([String(dot.nodes.size)]);
  expect(Number(meta['_stats_original_nodes']![0])).toBeGreaterThanOrEqual(dot.nodes.size);
  expect(dot.nodes.size).toBeLessThanOrEqual(400);
  const summaries = [...dot.nodes.keys()].filter((k) => k.startsWith('summary_'));
  expect(summaries.sort()).toEqual(
    Object.keys(meta)
      .filter((k) => k.startsWith('summary_'))
      .sort(),
  );
  for (const s of summaries) {
    const n = Number(/×(\d+)$/.exec(dot.nodes.get(s)!['label']!)?.[1]);
    const members = meta[s]!;
    expect(members.length === n || members[members.length - 1]!.startsWith('… and')).toBe(true);
  }
  const parents = new Map<string, string>();
  for (const [a, b] of dot.edges) {
    expect(dot.nodes.has(a) && dot.nodes.has(b)).toBe(true);
    expect(parents.has(b)).toBe(false);
    parents.set(b, a);
  }
  for (const start of dot.nodes.keys()) {
    let cur: string | undefined = start;
    for (let steps = 0; cur !== undefined; steps++) {
      expect(steps).toBeLessThanOrEqual(dot.nodes.size);
      cur = parents.get(cur);
    }
  }
  return dot;
}

describe.skipIf(!HAVE_SAMPLES)(`Process Inference Graph ${HAVE_SAMPLES ? '' : NO_SAMPLES}`, () => {
  test('all samples in one job: DOT reads, folded to ≤ 400 nodes with summaries', async () => {
    const all = await runEvtx(evtxSamples());
    const graph = insight(all, 'Graph', 'Process Inference Graph');
    const dot = checkGraph(graph);
    expect(Number(graph.graph_metadata['_stats_original_nodes']![0])).toBeGreaterThan(400);
    expect([...dot.nodes.keys()].some((k) => k.startsWith('summary_'))).toBe(true);
    // Real Graphviz (its WebAssembly build, as the dashboard uses) reads and lays it out.
    const graphviz = await Graphviz.load();
    const svg = graphviz.dot(graph.data, 'svg');
    expect(svg).toContain('<svg');
    expect(svg.match(/class="node"/g)?.length).toBe(dot.nodes.size);
    expect(svg.match(/class="edge"/g)?.length ?? 0).toBe(dot.edges.length);
  });

  test('an empty job has the empty graph', async () => {
    const all = await runEvtx(['evtx/EVTX-ATTACK-SAMPLES/DE_104_system_log_cleared.evtx']);
    const graph = insight(all, 'Graph', 'Process Inference Graph');
    expect(graph.data).toBe('digraph process_tree {}');
    expect(graph.graph_metadata).toEqual({ _stats_original_nodes: ['0'], _stats_optimized_nodes: ['0'] });
  });

  test.skipIf(DUMP_GATE.skip)('Sysmon 1 parent → child edges match ParentProcessGuid in evtx_dump', async () => {
    const rel = 'evtx/EVTX-ATTACK-SAMPLES/exec_persist_rundll32_mshta_scheduledtask_sysmon_1_3_11.evtx';
    const created = dumpEvents(rel).filter((e) => e.id === 1);
    const byGuid = new Map(created.map((e) => [str(e, 'ProcessGuid').toLowerCase(), e]));
    const pairs = created.flatMap((e) => {
      const p = byGuid.get(str(e, 'ParentProcessGuid').toLowerCase());
      return p ? [[p.recordId, e.recordId] as const] : [];
    });
    expect(pairs.length).toBeGreaterThan(0);
    const dot = checkGraph(insight(await runEvtx([rel]), 'Graph', 'Process Inference Graph'));
    const byRecord = new Map([...dot.nodes].map(([id, a]) => [Number(/record (\d+)$/.exec(a['comment'] ?? '')?.[1]), id]));
    for (const [parent, child] of pairs) expect(dot.edges).toContainEqual([byRecord.get(parent), byRecord.get(child)]);
    // Every creation is a node: labelled "<image>\n<pid>".
    for (const e of created) expect(dot.nodes.get(byRecord.get(e.recordId)!)?.['label']).toBe(`${str(e, 'Image').split('\\').pop()}\n${str(e, 'ProcessId')}`);
  });

  test.skipIf(DUMP_GATE.skip)('4688 trees link a creator pid to the earlier NewProcessId (evtx_dump)', async () => {
    const rel = 'evtx/EVTX-ATTACK-SAMPLES/LM_WMI_4624_4688_TargetHost.evtx';
    const created = dumpEvents(rel).filter((e) => e.id === 4688);
    const pairs = created.flatMap((e) => {
      const p = created.find((c) => c.recordId < e.recordId && str(c, 'NewProcessId') === str(e, 'ProcessId'));
      return p ? [[p, e] as const] : [];
    });
    expect(pairs.length).toBeGreaterThan(0);
    const dot = checkGraph(insight(await runEvtx([rel]), 'Graph', 'Process Inference Graph'));
    const byRecord = new Map([...dot.nodes].map(([id, a]) => [Number(/record (\d+)$/.exec(a['comment'] ?? '')?.[1]), id]));
    for (const [parent, child] of pairs) {
      expect(dot.edges).toContainEqual([byRecord.get(parent.recordId), byRecord.get(child.recordId)]);
      expect(dot.nodes.get(byRecord.get(child.recordId)!)?.['label']).toBe(
        `${str(child, 'NewProcessName').split('\\').pop()}\n${parseInt(str(child, 'NewProcessId'), 16)}`,
      );
    }
  });
});
