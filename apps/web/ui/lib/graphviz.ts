import type { Graphviz } from '@hpcc-js/wasm-graphviz';

/** Graphviz compiled to WebAssembly, loaded once on first use (about 1 MB, only on job pages with a graph). */
let loading: Promise<Graphviz> | null = null;

export function loadGraphviz(): Promise<Graphviz> {
  loading ??= import('@hpcc-js/wasm-graphviz').then((m) => m.Graphviz.load());
  return loading;
}

const SUMMARY = /^summary_\d+$/;
export const isSummaryNode = (id: string): boolean => SUMMARY.test(id);

/**
 * The DOT with the given summary nodes opened: each member becomes a node hanging off its
 * summary node (members are "<pid> | <time> | <command line>" strings, so they are shown, not
 * re-linked to parents the summary already stands for).
 */
export function expandSummaries(dot: string, metadata: Record<string, string[]>, open: ReadonlySet<string>): string {
  if (open.size === 0) return dot;
  const extra: string[] = [];
  for (const id of open) {
    (metadata[id] ?? []).forEach((member, i) => {
      const [pid = '', time = '', ...cmd] = member.split(' | ');
      const label = `pid ${pid}\\n${time}\\n${truncate(cmd.join(' | '), 60)}`;
      extra.push(`${id}_m${i} [label="${escapeDot(label)}", tooltip="${escapeDot(member)}", shape=note, style=filled, fillcolor="#f8f9fa"];`);
      extra.push(`${id} -> ${id}_m${i} [style=dashed];`);
    });
  }
  const end = dot.lastIndexOf('}');
  return end === -1 ? dot : `${dot.slice(0, end)}\n${extra.join('\n')}\n}`;
}

function truncate(s: string, n: number): string {
  return s.length > n ? `${s.slice(0, n - 1)}…` : s;
}

/** Escapes text for a DOT quoted string; `\\n` already in labels is kept as a line break. */
function escapeDot(s: string): string {
  return s
    .replace(/\\(?!n)/g, '\\\\')
    .replace(/"/g, '\\"')
    .replace(/\n/g, '\\n');
}
