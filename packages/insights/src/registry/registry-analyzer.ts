import type { AnalyzerContext, AnalyzerFactory } from '../pipeline/analyzer.js';
import type { Insight } from '../types.js';
import type { RegistryContext } from './context/registry-context.js';
import type { RegistryJob } from './job-state.js';
import type { HiveKeys } from './store/hive-keys.js';
import type { KeyPatterns, KeyStore } from './store/key-store.js';
import { withoutImplausible } from './plausible-tables.js';
import { tableInsight } from './table.js';

/** Reports a value a decoder refused (a time no correct decoder emits, a count beyond its structure) instead of a row. */
export type Warn = (hive: HiveKeys, note: string) => void;

/** A registry result type: the keys it reads, and how its insights are built from them at the end. */
export interface RegistryResultType {
  /** The result type's name, also its primary insight's title. */
  title: string;
  patterns: KeyPatterns;
  build(store: KeyStore, context: RegistryContext, warn: Warn): Insight[];
}

/** The Hive cell: the input's name, or `archive.zip!member/path` for a hive inside a zip. */
export const hiveCell = (hive: HiveKeys): string => (hive.info.member ? `${hive.info.input.name}!${hive.info.member}` : hive.info.name);

/**
 * A dirty hive without its logs may miss its latest changes; every result type says so (as a
 * "<Result Type>: Notes" table) rather than let its rows pass as current. Values the decoders
 * refused are listed in the same table.
 */
function notes(title: string, store: KeyStore, refused: { hive: HiveKeys; note: string }[]): Insight[] {
  const stale = store.all().filter((h) => h.info.dirtyWithoutLogs);
  const rows = [
    ...stale.map((h) => ({
      cells: { Hive: hiveCell(h), Note: 'Hive is dirty and no transaction log (.LOG1/.LOG2) came with it: changes not yet written to the hive are missing' },
    })),
    ...refused.map((r) => ({ cells: { Hive: hiveCell(r.hive), Note: r.note } })),
  ];
  if (rows.length === 0) return [];
  return [tableInsight(`${title}: Notes`, 'General', ['Hive', 'Note'], rows)];
}

export function registryAnalyzer(type: RegistryResultType): AnalyzerFactory<'registry', RegistryJob> {
  return (ctx: AnalyzerContext<'registry'>, job: RegistryJob) => {
    const { store } = job;
    store.want(type.patterns);
    return {
      push: (record) => store.add(record),
      finish: () => {
        const refused: { hive: HiveKeys; note: string }[] = [];
        const insights = type.build(store, job.context(), (hive, note) => {
          refused.push({ hive, note });
          // Also in the hive's File metadata warnings (implausible_items), where every kept-out item of the job is counted.
          ctx.implausible.add({ input: hive.info.input, structure: `${type.title} value`, offset: hiveCell(hive), reason: note.replace(/; not shown$/, '') });
        });
        return [...withoutImplausible(insights, store, ctx.implausible), ...notes(type.title, store, refused)];
      },
    };
  };
}
