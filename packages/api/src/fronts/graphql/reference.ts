import { PAGE_BOUNDS, SHOW_BOUNDS } from '@quarry/vocabulary';
import type { LookupAnswer } from '../../lookups/lookup-reference.js';
import { builder } from './builder.js';
import { FilterOperatorEnum, LookupModuleEnum, ScanEngineEnum } from './enums.js';

const LookupFilterInput = builder.inputType('LookupFilterInput', {
  fields: (t) => ({
    field: t.string({ description: 'A column of the module, in any case and spacing ("os version").' }),
    operator: t.field({ type: FilterOperatorEnum }),
    value: t.string(),
  }),
});

const LookupInput = builder.inputType('LookupInput', {
  fields: (t) => ({
    module: t.field({ type: LookupModuleEnum }),
    search: t.string({ defaultValue: '', description: 'At most 256 characters; empty matches every row.' }),
    filters: t.field({ type: [LookupFilterInput], defaultValue: [], description: 'At most 16, ANDed.' }),
    page: t.int({ defaultValue: PAGE_BOUNDS.default, description: `${PAGE_BOUNDS.min} to ${PAGE_BOUNDS.max}.` }),
    show: t.int({ defaultValue: SHOW_BOUNDS.default, description: `Rows per page, ${SHOW_BOUNDS.min} to ${SHOW_BOUNDS.max}.` }),
  }),
});

const LookupResultRef = builder.objectRef<LookupAnswer>('LookupResult').implement({
  description: 'Rows of reference data; every cell is a string (multi-value cells joined as the module joins them).',
  fields: (t) => ({
    columns: t.exposeStringList('columns'),
    rows: t.field({ type: t.listRef(t.listRef('String')), resolve: (a) => a.rows }),
    totalCount: t.exposeInt('total', { description: 'Matching rows before paging.' }),
  }),
});

interface RuleText {
  name: string;
  lines: string[];
}
const RuleTextRef = builder.objectRef<RuleText>('RuleText').implement({
  fields: (t) => ({
    name: t.exposeString('name'),
    lines: t.exposeStringList('lines', { description: 'The source, line by line (every definition, when the name has several).' }),
    text: t.string({ resolve: (r) => r.lines.join('\n') }),
  }),
});

builder.queryFields((t) => ({
  lookup: t.field({
    type: LookupResultRef,
    description: 'Reference data on Windows executables (FILE_NAME) and event ids (EVENT_ID). Anyone may look up.',
    args: { input: t.arg({ type: LookupInput }) },
    complexity: { field: 5, multiplier: 10 },
    resolve: (_root, { input }, ctx) =>
      ctx.run('lookup', { module: input.module, search: input.search, filter: input.filters, page: input.page, show: input.show }),
  }),
  rules: t.field({
    type: [RuleTextRef],
    description: 'Community rule text by exact name (YARA rule identifiers; Sigma titles or names). Any unknown name fails the request.',
    args: { engine: t.arg({ type: ScanEngineEnum }), names: t.arg.stringList({ description: '1 to 100 names.' }) },
    resolve: async (_root, args, ctx) => {
      const found = await ctx.run('retrieveRules', { engine: args.engine, ruleNames: args.names });
      return Object.entries(found).map(([name, lines]) => ({ name, lines }));
    },
  }),
}));
