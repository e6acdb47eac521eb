/**
 * Record by record, why Chainsaw misses a rule's match that Quarry finds: our engine runs the
 * rule over the same files, and each record Chainsaw did not report gets the first reason that
 * holds for it. The reasons are what Chainsaw 2.12.2 (with tau-engine 1.14) does differently from
 * the Sigma specification, each checked on the record itself:
 * - its EVTX parser stopped on the record or its chunk (its "failed to parse" warnings), where ours reads on;
 * - the rule names a field its mapping file has no entry for (it then looks at the document's
 *   root, where no event field is), and the event has that field;
 * - the rule negates a selection over a field the event lacks: tau evaluates `not` of a missing
 *   field as false, where Sigma's missing field simply does not match, so `not` holds;
 * - the rule compares a field with the text 'true'/'false' and the event stores it as a BinXML
 *   boolean: Chainsaw's JSON has `true`, which a string pattern never equals (the XML reads "true");
 * - its mapping runs process_creation rules on Security 4688 without Sigma's field names for it
 *   (Image→NewProcessName), and selects `service: security` by provider, which leaves out the
 *   Eventlog provider's events on the Security channel.
 * It also counts where our matches come from (channel / provider / event id), shown for a rule
 * no reason covers.
 */
import { readFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { openEvtx } from '@quarry/evtx';
import { SigmaEngine, readRuleFiles, type Json } from '@quarry/sigma';
import { parseDocument } from 'yaml';
import { globToRegExp } from './chainsaw-readable.js';
import { chainsawDetections, type RuleMeta } from './sigma-diff.js';

const AUDITING = 'Microsoft-Windows-Security-Auditing';

/** A record as both tools name it: its file's path (samples share names: Security.evtx) and EventRecordID. */
const recordKey = (path: string, id: unknown): string => `${resolve(path)}#${String(id)}`;

/** Per rule key (id, else title), the records of Chainsaw's `--jsonl` detections. */
export async function chainsawRecords(path: string): Promise<Map<string, Set<string>>> {
  const out = new Map<string, Set<string>>();
  for await (const d of chainsawDetections(path)) {
    const key = d.id || d.name;
    const set = out.get(key) ?? new Set<string>();
    for (const doc of d.document ? [d.document] : (d.documents ?? [])) set.add(recordKey(doc.path, doc.data?.Event?.System?.EventRecordID));
    out.set(key, set);
  }
  return out;
}

/** Where Chainsaw's EVTX parser gave up, from its warnings: file path → record ids and chunk numbers. */
export interface ParseFailures {
  records: Map<string, Set<number>>;
  chunks: Map<string, Set<number>>;
}

export function readParseFailures(stderr: string): ParseFailures {
  const failures: ParseFailures = { records: new Map(), chunks: new Map() };
  for (const m of stderr.matchAll(/failed to parse document '([^']+)' - Failed to parse (record|chunk) number (\d+)/g)) {
    const byFile = m[2] === 'record' ? failures.records : failures.chunks;
    const set = byFile.get(resolve(m[1]!)) ?? new Set<number>();
    set.add(Number(m[3]));
    byFile.set(resolve(m[1]!), set);
  }
  return failures;
}

/** What a rule's detection names: every field, the fields of negated selections, fields compared with 'true'/'false'. */
interface RuleFields {
  all: Set<string>;
  negated: Set<string>;
  booleanText: Set<string>;
}

function ruleFields(path: string): RuleFields {
  const detection = (parseDocument(readFileSync(path, 'utf8')).toJS() as { detection?: Record<string, unknown> }).detection ?? {};
  const condition = String(detection['condition'] ?? '');
  const negatedNames = [...condition.matchAll(/\bnot\s+(?:(?:1|all|any) of\s+)?([\w*]+)/g)].map((m) => globToRegExp(m[1]!));
  const fields: RuleFields = { all: new Set(), negated: new Set(), booleanText: new Set() };
  for (const [name, sel] of Object.entries(detection)) {
    if (name === 'condition' || name === 'timeframe') continue;
    const negated = negatedNames.some((re) => re.test(name));
    for (const map of (Array.isArray(sel) ? sel : [sel]).filter((x): x is Record<string, unknown> => typeof x === 'object' && x !== null)) {
      for (const [key, values] of Object.entries(map)) {
        const field = key.split('|')[0]!;
        fields.all.add(field);
        if (negated) fields.negated.add(field);
        if ((Array.isArray(values) ? values : [values]).some((v) => typeof v === 'string' && /^(true|false)$/i.test(v))) fields.booleanText.add(field);
      }
    }
  }
  return fields;
}

/** The event's data fields (EventData, else UserData's one element), by name. */
function eventFields(event: unknown): Record<string, unknown> {
  const e = (event as { Event?: { EventData?: unknown; UserData?: Record<string, unknown> } }).Event ?? {};
  if (e.EventData && typeof e.EventData === 'object') return e.EventData as Record<string, unknown>;
  const inner = e.UserData ? Object.values(e.UserData)[0] : undefined;
  return inner && typeof inner === 'object' ? (inner as Record<string, unknown>) : {};
}

export interface RecordDifference {
  /** Quarry's matches Chainsaw did not report, counted by reason ('' when none holds). */
  reasons: Map<string, number>;
  /** Chainsaw's matches Quarry did not report. */
  chainsawOnly: string[];
  /** All our matches, counted by `channel / provider / event id`. */
  sources: Map<string, number>;
}

const emptyDifference = (): RecordDifference => ({ reasons: new Map(), chainsawOnly: [], sources: new Map() });

/**
 * For each rule, compares our matches with Chainsaw's record by record and gives each of ours
 * Chainsaw lacks the first reason that holds for it.
 */
export async function recordDifferences(
  files: string[],
  rules: RuleMeta[],
  theirs: Map<string, Set<string>>,
  failures: ParseFailures,
  mappedFields: Set<string>,
): Promise<Map<string, RecordDifference>> {
  const engine = SigmaEngine.fromSourceResult(readRuleFiles(rules.map((r) => r.path)));
  const metaByPath = new Map(rules.map((r) => [r.path, r]));
  const fieldsByKey = new Map<string, RuleFields>();
  const seen = new Map<string, Set<string>>();
  const out = new Map<string, RecordDifference>();
  for (const file of files) {
    for await (const record of openEvtx(file, { threads: 0 })) {
      const matches = engine.match(record.event as unknown as Json);
      if (matches.length === 0) continue;
      const sys = (record.event as { Event?: { System?: Record<string, unknown> } }).Event?.System ?? {};
      const key = recordKey(file, sys['EventRecordID']);
      const provider = String((sys['Provider'] as { '#attributes'?: { Name?: string } } | undefined)?.['#attributes']?.Name ?? '');
      const data = eventFields(record.event);
      const source = `${String(sys['Channel'] ?? '?')} / ${provider || '?'} / ${String(sys['EventID'] ?? '?')}`;
      for (const m of matches) {
        const ruleKey = m.rule.id ?? m.rule.title;
        const meta = (m.rule.file ? metaByPath.get(m.rule.file) : undefined) ?? rules.find((r) => r.title === m.rule.title);
        if (!meta) continue;
        const s = seen.get(ruleKey) ?? new Set<string>();
        s.add(key);
        seen.set(ruleKey, s);
        const diff = out.get(ruleKey) ?? emptyDifference();
        out.set(ruleKey, diff);
        diff.sources.set(source, (diff.sources.get(source) ?? 0) + 1);
        if (theirs.get(ruleKey)?.has(key)) continue;
        let fields = fieldsByKey.get(ruleKey);
        if (!fields) fieldsByKey.set(ruleKey, (fields = ruleFields(meta.path)));
        const unmapped = [...fields.all].filter((f) => !mappedFields.has(f) && f in data);
        const missingNegated = [...fields.negated].filter((f) => !(f in data));
        const booleans = [...fields.booleanText].filter((f) => typeof data[f] === 'boolean');
        const reason =
          failures.records.get(resolve(file))?.has(Number(sys['EventRecordID'])) || failures.chunks.get(resolve(file))?.has(record.chunk)
            ? `Chainsaw's EVTX parser fails on this record or its chunk (${basename(file)}), which Quarry reads`
            : meta.category === 'process_creation' && provider === AUDITING && Number(sys['EventID']) === 4688
              ? 'on Security 4688, which Chainsaw runs process_creation rules on without the field names for it'
              : meta.service === 'security' && sys['Channel'] === 'Security' && provider !== AUDITING
                ? `on the Security channel from ${provider}, which Chainsaw's service: security (by provider) leaves out`
                : unmapped.length > 0
                  ? `uses ${unmapped.join(', ')}, which Chainsaw's mapping has no entry for (so it is looked for at the document's root)`
                  : missingNegated.length > 0
                    ? `negates a selection on ${missingNegated.join(', ')}, which the event lacks: tau takes \`not\` of a missing field as false`
                    : booleans.length > 0
                      ? `compares ${booleans.join(', ')} with 'true'/'false' where the event stores a boolean: Chainsaw's JSON true never equals a string pattern`
                      : '';
        diff.reasons.set(reason, (diff.reasons.get(reason) ?? 0) + 1);
      }
    }
  }
  for (const [ruleKey, recs] of theirs) {
    const ours = seen.get(ruleKey) ?? new Set<string>();
    const only = [...recs].filter((r) => !ours.has(r));
    if (only.length === 0) continue;
    const diff = out.get(ruleKey) ?? emptyDifference();
    diff.chainsawOnly = only;
    out.set(ruleKey, diff);
  }
  return out;
}

/**
 * One line for a rule's record differences; `explained` when every record has a reason. Where
 * one has none, where our matches come from is added.
 */
export function describeDifference(d: RecordDifference | undefined): { text: string; explained: boolean } {
  if (!d) return { text: 'no record differs', explained: true };
  const parts = [...d.reasons].map(([reason, n]) => `${n} ${reason || 'with no known reason'}`);
  if (d.chainsawOnly.length > 0)
    parts.push(
      `${d.chainsawOnly.length} found by Chainsaw only (${d.chainsawOnly
        .slice(0, 5)
        .map((k) => basename(k))
        .join(', ')})`,
    );
  const explained = !d.reasons.has('') && d.chainsawOnly.length === 0;
  const sources = [...d.sources]
    .sort((a, b) => b[1] - a[1])
    .map(([src, n]) => `${src} ×${n}`)
    .join(', ');
  return { text: `${parts.join('; ') || 'no record differs'}${explained ? '' : ` [our matches: ${sources || 'none when run alone'}]`}`, explained };
}
