'use client';

import { Alert, Badge, Button, Group, Loader, Text } from '@mantine/core';
import type { Insight } from '@quarry/insights';
import { select } from 'd3-selection';
import { zoom, zoomIdentity, type ZoomBehavior, type ZoomTransform } from 'd3-zoom';
import { useEffect, useMemo, useRef, useState } from 'react';
import { expandSummaries, isSummaryNode, loadGraphviz } from '../../lib/graphviz';
import { GraphLegend } from './GraphLegend';

type GraphPayload = Extract<Insight, { Graph: unknown }>['Graph'];

/**
 * A Graph insight: its DOT laid out by Graphviz (WebAssembly) into an SVG; wheel zooms, dragging
 * pans, and clicking a summary node ("image ×n") opens or closes its members.
 */
export function GraphInsight({ insight }: { insight: GraphPayload }) {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const [svg, setSvg] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const host = useRef<HTMLDivElement>(null);
  const zoomer = useRef<ZoomBehavior<SVGSVGElement, unknown> | null>(null);
  const initial = useRef<ZoomTransform>(zoomIdentity);
  const dot = useMemo(() => expandSummaries(insight.data, insight.graph_metadata, open), [insight.data, insight.graph_metadata, open]);
  const summaries = Object.keys(insight.graph_metadata).filter(isSummaryNode);
  const empty = !/->|\[/.test(insight.data.replace(/^[^{]*\{|\}[^}]*$/g, '').replace(/(rankdir|node)\b[^;]*;/g, ''));

  useEffect(() => {
    let cancelled = false;
    loadGraphviz()
      .then((gv) => !cancelled && setSvg(withoutLinks(gv.dot(dot))))
      .catch((err: unknown) => !cancelled && setError(err instanceof Error ? err.message : String(err)));
    return () => {
      cancelled = true;
    };
  }, [dot]);

  // Pan and zoom: the drawing is moved inside a group of ours, leaving Graphviz's own transform alone.
  useEffect(() => {
    const svgEl = host.current?.querySelector('svg');
    if (!svgEl) return;
    svgEl.setAttribute('width', '100%');
    svgEl.setAttribute('height', '100%');
    const graph = svgEl.querySelector('g.graph');
    if (!graph) return;
    const wrap = document.createElementNS('http://www.w3.org/2000/svg', 'g');
    graph.replaceWith(wrap);
    wrap.appendChild(graph);
    const behaviour = zoom<SVGSVGElement, unknown>()
      .scaleExtent([0.05, 8])
      .on('zoom', (e: { transform: { toString(): string } }) => wrap.setAttribute('transform', e.transform.toString()));
    select(svgEl).call(behaviour);
    zoomer.current = behaviour;
    initial.current = readableView(svgEl);
    select(svgEl).call(behaviour.transform, initial.current);
    for (const node of svgEl.querySelectorAll('g.node')) {
      const id = node.querySelector('title')?.textContent ?? '';
      if (isSummaryNode(id)) {
        (node as SVGGElement).style.cursor = 'pointer';
        node.setAttribute('tabindex', '0');
        node.setAttribute('role', 'button');
        node.setAttribute('aria-label', `${open.has(id) ? 'Close' : 'Open'} summary node ${id}`);
      }
    }
    // Runs once per drawing (a new drawing comes with every change of the open set).
  }, [svg]);

  const toggle = (id: string) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const onActivate = (target: EventTarget) => {
    const id = (target as Element).closest?.('g.node')?.querySelector('title')?.textContent ?? '';
    if (isSummaryNode(id)) toggle(id);
  };
  const view = (t: ZoomTransform) => {
    const svgEl = host.current?.querySelector('svg');
    if (svgEl && zoomer.current) select(svgEl).call(zoomer.current.transform, t);
  };

  const stats = insight.graph_metadata;
  return (
    <div>
      <Group justify="space-between" mb={6}>
        <Group gap="xs">
          <Badge variant="light">{stats._stats_original_nodes?.[0] ?? '?'} nodes</Badge>
          <Badge variant="light">{stats._stats_optimized_nodes?.[0] ?? '?'} shown</Badge>
          <Badge variant="light">{summaries.length} summary nodes</Badge>
          <GraphLegend />
        </Group>
        <Group gap="xs">
          {summaries.length > 0 && (
            <Button size="compact-xs" variant="light" onClick={() => setOpen(open.size ? new Set() : new Set(summaries))}>
              {open.size ? 'Close all summaries' : 'Open all summaries'}
            </Button>
          )}
          <Button size="compact-xs" variant="default" onClick={() => view(initial.current)}>
            Reset view
          </Button>
          <Button size="compact-xs" variant="default" onClick={() => view(zoomIdentity)}>
            Whole graph
          </Button>
        </Group>
      </Group>
      {error && <Alert color="red">Graph could not be drawn: {error}</Alert>}
      {empty ? (
        <Text c="dimmed">No processes in this job.</Text>
      ) : svg === null && !error ? (
        <Group h={420} justify="center">
          <Loader size="sm" />
          <Text size="sm">Laying out the graph…</Text>
        </Group>
      ) : (
        <div
          ref={host}
          data-testid="graph-canvas"
          style={{ height: 520, border: '1px solid var(--mantine-color-gray-3)', borderRadius: 4, overflow: 'hidden', cursor: 'grab' }}
          onClick={(e) => onActivate(e.target)}
          onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && onActivate(e.target)}
          dangerouslySetInnerHTML={{ __html: svg ?? '' }}
        />
      )}
    </div>
  );
}

/** The SVG is inserted as markup: links (DOT URL/href attributes) are dropped so no text from evidence becomes one. */
function withoutLinks(svg: string): string {
  return svg.replace(/\s(?:xlink:)?href="[^"]*"/g, '');
}

/**
 * The first view: the graph as wide as the box (a tall process tree fitted whole would be
 * unreadably small), but never larger than its natural size, top-left first. In viewBox units,
 * which is what d3-zoom works in on an SVG with a viewBox.
 */
function readableView(svg: SVGSVGElement): ZoomTransform {
  const box = svg.viewBox.baseVal;
  const { width, height } = svg.getBoundingClientRect();
  if (!box || box.width === 0 || width === 0) return zoomIdentity;
  const fit = Math.min(width / box.width, height / box.height); // the "meet" scale of the whole drawing
  const k = Math.min(1 / fit, width / fit / box.width);
  if (k <= 1.05) return zoomIdentity;
  const left = -(width / fit - box.width) / 2;
  const top = -(height / fit - box.height) / 2;
  return zoomIdentity.translate(left + box.x, top + box.y).scale(k);
}
