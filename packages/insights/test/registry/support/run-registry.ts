import { runPipeline, type Insight } from '../../../src/index.js';
import { inputsOf } from '../../support/inputs.js';

/** The registry job over sample hives (paths under samples/registry), through the real pipeline and analyzers. */
export async function registryJob(rels: string[]): Promise<Insight[]> {
  return runPipeline({ category: 'registry', inputs: inputsOf(rels.map((r) => `registry/${r}`)), options: { runSigmaRules: false }, threads: 1 });
}

/** A Table insight's rows as objects keyed by column name. */
export function table(insights: Insight[], title: string): Record<string, string>[] {
  const t = insights.find((i) => 'Table' in i && i.Table.title === title);
  if (!t || !('Table' in t)) throw new Error(`no table ${title}`);
  const [head, ...rows] = t.Table.data;
  return rows.map((r) => Object.fromEntries(head!.map((h, i) => [h, r[i]!])));
}
