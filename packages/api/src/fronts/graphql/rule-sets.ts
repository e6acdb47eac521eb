import type { LoadedRuleSet, RuleSetsStatus } from '@quarry/hunting';
import type { EngineRuleSets, RuleSetsOverview } from '../../rules/get-rule-sets.js';
import { builder } from './builder.js';
import { screamingCase } from './enums.js';

const STATES = ['fetching', 'importing', 'installed', 'partial', 'failed'] as const satisfies readonly RuleSetsStatus['state'][];
const TRIGGERS = ['first-run', 'update', 'import'] as const satisfies readonly RuleSetsStatus['trigger'][];
const values = <V extends string>(list: readonly V[]) => Object.fromEntries(list.map((value) => [screamingCase(value), { value }]));

const RuleSetsStateEnum = builder.enumType('RuleSetsState', { values: values(STATES) });
const RuleSetsTriggerEnum = builder.enumType('RuleSetsTrigger', { values: values(TRIGGERS) });

const LoadedRuleSetRef = builder.objectRef<LoadedRuleSet>('LoadedRuleSet').implement({
  fields: (t) => ({
    name: t.exposeString('name'),
    version: t.exposeString('version', { description: 'Empty when unknown (a directory copied or configured by hand).' }),
    loaded: t.exposeInt('loaded'),
    refused: t.exposeInt('refused'),
  }),
});

const EngineRuleSetsRef = builder.objectRef<EngineRuleSets>('EngineRuleSets').implement({
  fields: (t) => ({
    loaded: t.exposeInt('loaded'),
    refused: t.exposeInt('refused', { description: 'Sigma: rules refused; YARA: rule files that did not compile.' }),
    sets: t.field({ type: [LoadedRuleSetRef], resolve: (e) => e.sets }),
  }),
});

const RuleSetsUpdateRef = builder.objectRef<RuleSetsStatus>('RuleSetsUpdate').implement({
  description: 'The last fetch or import of rule sets (running or ended).',
  fields: (t) => ({
    state: t.expose('state', { type: RuleSetsStateEnum }),
    trigger: t.expose('trigger', { type: RuleSetsTriggerEnum }),
    startedAt: t.field({ type: 'DateTime', resolve: (s) => new Date(s.started_at) }),
    finishedAt: t.field({ type: 'DateTime', nullable: true, resolve: (s) => (s.finished_at === null ? null : new Date(s.finished_at)) }),
    step: t.exposeString('step'),
    reason: t.exposeString('reason', { nullable: true }),
  }),
});

const RuleSetsRef = builder.objectRef<RuleSetsOverview>('RuleSets').implement({
  fields: (t) => ({
    sigma: t.field({ type: EngineRuleSetsRef, resolve: (r) => r.sigma }),
    yara: t.field({ type: EngineRuleSetsRef, resolve: (r) => r.yara }),
    lastUpdate: t.field({ type: RuleSetsUpdateRef, nullable: true, description: 'Null before the first fetch or import.', resolve: (r) => r.status }),
  }),
});

builder.queryField('ruleSets', (t) =>
  t.field({
    type: RuleSetsRef,
    description: 'The rule sets this server has loaded, and what the last fetch or import did.',
    complexity: { field: 20 },
    resolve: (_root, _args, ctx) => ctx.run('ruleSets', undefined),
  }),
);
