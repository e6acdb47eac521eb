/**
 * The rule set: validated, compiled once per event source, indexed by channel and event id so a
 * record meets only the rules that could match it.
 */
import { compileDetection, type CompiledDetection } from './detection.js';
import { SigmaError } from './errors.js';
import { evalNode } from './eval-node.js';
import { Prefilter } from './prefilter.js';
import { toEvent, type EventView, type Json } from './event.js';
import type { ItemContext } from './field-item.js';
import { ruleInfo, type RuleInfo, type RuleMatch } from './match.js';
import { validateRule, type CorrelationRuleDef, type DetectionRuleDef, type FilterRuleDef } from './rule-schema.js';
import { parseRuleText, readRuleFiles, type RuleDocument, type SourceResult } from './rule-source.js';
import { bindWindowsField, resolveWindowsLogsource, UNAVAILABLE, type Logsource, type WindowsTarget } from './windows-mapping.js';

export interface EngineOptions {
  /** Values for `%name%` placeholders used with the `expand` modifier. */
  placeholders?: Record<string, string[]>;
  /** The literal pre-filter (default on); off evaluates every indexed rule in full. */
  prefilter?: boolean;
}

export interface RefusedRule {
  file: string | undefined;
  document: number | undefined;
  id: string | undefined;
  title: string | undefined;
  reason: string;
  error: SigmaError;
}

/** A Windows event source a rule cannot read, and why (e.g. a field the source lacks). */
export interface NotApplicable {
  rule: RuleInfo;
  source: string;
  reason: string;
}

export interface LoadReport {
  documents: number;
  loaded: { rules: number; correlations: number; filters: number };
  refused: RefusedRule[];
  /** Rules with no Windows source at all (they still run on generic JSON records). */
  notForWindows: NotApplicable[];
  /** Windows sources some rules skip, with the reason. */
  partial: NotApplicable[];
}

interface Variant {
  rule: CompiledRule;
  target: WindowsTarget | undefined;
  detection: CompiledDetection;
  filters: CompiledDetection[];
  required: readonly string[];
}

interface CompiledRule {
  def: DetectionRuleDef;
  info: RuleInfo;
  windows: Variant[];
  generic: Variant | undefined | null;
  filterDefs: FilterRuleDef[];
  /** Fields correlations read from this rule's matches. */
  correlationFields: string[];
}

interface Bucket {
  byId: Map<number, RuleList>;
  any: RuleList;
}

/** The rules of one index slot with their pre-filter, built on first use. */
class RuleList {
  readonly items: Variant[] = [];
  private filter: Prefilter | undefined;

  prefilter(): Prefilter {
    return (this.filter ??= new Prefilter(this.items.map((v) => v.detection.root)));
  }
}

function refusal(e: unknown, doc: RuleDocument | undefined): RefusedRule {
  const error = e instanceof SigmaError ? e : new SigmaError(`internal error: ${(e as Error).message}`);
  const d = doc?.data;
  return {
    file: error.location.file ?? doc?.file,
    document: error.location.document ?? doc?.document,
    id: error.ruleId ?? (typeof d?.['id'] === 'string' ? d['id'] : undefined),
    title: typeof d?.['title'] === 'string' ? d['title'] : undefined,
    reason: error.reason,
    error,
  };
}

function logsourceCovers(outer: Logsource, inner: Logsource): boolean {
  return (['product', 'category', 'service'] as const).every((k) => outer[k] === undefined || outer[k]?.toLowerCase() === inner[k]?.toLowerCase());
}

export class SigmaEngine {
  readonly report: LoadReport;
  readonly correlations: CorrelationRuleDef[] = [];
  private rules: CompiledRule[] = [];
  private byChannel = new Map<string, Bucket>();
  private anyChannel: Bucket = { byId: new Map(), any: new RuleList() };
  private genericList = new RuleList();
  private readonly options: EngineOptions;
  /** Rules only correlations should report (referenced with generate: false). */
  private suppressed = new Set<string>();

  private constructor(source: SourceResult, options: EngineOptions) {
    this.options = options;
    const refused = source.errors.map((e) => refusal(e, undefined));
    const filters: FilterRuleDef[] = [];
    const detections: { def: DetectionRuleDef; doc: RuleDocument }[] = [];
    for (const doc of source.documents) {
      try {
        const def = validateRule(doc);
        if (def.kind === 'rule') detections.push({ def, doc });
        else if (def.kind === 'filter') filters.push(def);
        else this.correlations.push(def);
      } catch (e) {
        refused.push(refusal(e, doc));
      }
    }
    const notForWindows: NotApplicable[] = [];
    const partial: NotApplicable[] = [];
    for (const { def, doc } of detections) {
      try {
        const rule = this.compileRule(def, filters, notForWindows, partial);
        this.rules.push(rule);
      } catch (e) {
        refused.push(refusal(e instanceof SigmaError ? e.withLocation({ file: doc.file, document: doc.document, line: doc.line }, def.meta.id) : e, doc));
      }
    }
    const validCorrelations = this.linkCorrelations(refused);
    this.correlations.splice(0, this.correlations.length, ...validCorrelations);
    this.report = {
      documents: source.documents.length + source.errors.length,
      loaded: { rules: this.rules.length, correlations: this.correlations.length, filters: filters.length },
      refused,
      notForWindows,
      partial,
    };
  }

  static fromPaths(paths: readonly string[], options: EngineOptions = {}): SigmaEngine {
    return new SigmaEngine(readRuleFiles(paths), options);
  }

  /** From documents already read (e.g. handed to worker threads). */
  static fromSourceResult(source: SourceResult, options: EngineOptions = {}): SigmaEngine {
    return new SigmaEngine(source, options);
  }

  static fromText(text: string, options: EngineOptions = {}, file?: string): SigmaEngine {
    return new SigmaEngine(parseRuleText(text, file), options);
  }

  static fromSources(sources: readonly { text: string; file?: string }[], options: EngineOptions = {}): SigmaEngine {
    const all: SourceResult = { documents: [], errors: [] };
    for (const s of sources) {
      const r = parseRuleText(s.text, s.file);
      all.documents.push(...r.documents);
      all.errors.push(...r.errors);
    }
    return new SigmaEngine(all, options);
  }

  /** Detection rules with at least one Windows event source to run on. */
  get windowsRuleCount(): number {
    return this.rules.filter((r) => r.windows.length > 0).length;
  }

  /** Every loaded detection rule. */
  get ruleInfos(): RuleInfo[] {
    return this.rules.map((r) => r.info);
  }

  private context(target: WindowsTarget | undefined): ItemContext {
    return {
      placeholders: this.options.placeholders,
      bindField: target ? (name) => bindWindowsField(target, name) : (name) => ({ field: name }),
    };
  }

  private compileVariant(rule: CompiledRule, target: WindowsTarget | undefined): Variant {
    const ctx = this.context(target);
    const detection = compileDetection(rule.def.detection, ctx);
    const filters = rule.filterDefs.map((f) => {
      try {
        return compileDetection(f.detection, ctx);
      } catch (e) {
        throw e instanceof SigmaError ? e.withLocation({ file: f.meta.file, path: 'filter' }) : e;
      }
    });
    return { rule, target, detection, filters, required: detection.requiredFields };
  }

  private compileRule(def: DetectionRuleDef, filters: FilterRuleDef[], notForWindows: NotApplicable[], partial: NotApplicable[]): CompiledRule {
    const info = ruleInfo(def.meta);
    const filterDefs = filters.filter(
      (f) => (f.rules === 'any' || f.rules.some((r) => r === def.meta.id || r === def.meta.name)) && logsourceCovers(f.logsource, def.logsource),
    );
    const rule: CompiledRule = { def, info, windows: [], generic: undefined, filterDefs, correlationFields: [] };
    // Compiling without a mapping first refuses rules that are invalid whatever the source.
    rule.generic = this.compileVariant(rule, undefined);
    const res = resolveWindowsLogsource(def.logsource);
    if ('notApplicable' in res) {
      notForWindows.push({ rule: info, source: 'windows', reason: res.notApplicable });
      return rule;
    }
    for (const target of res.targets) {
      const v = target.fieldMap ? this.compileVariant(rule, target) : { ...rule.generic, target };
      const missing = (d: CompiledDetection) => [...d.fields].filter((f) => f.startsWith(UNAVAILABLE)).map((f) => f.slice(UNAVAILABLE.length));
      const required = v.required.filter((f) => f.startsWith(UNAVAILABLE)).map((f) => f.slice(UNAVAILABLE.length));
      if (required.length) {
        partial.push({
          rule: info,
          source: target.label,
          reason: `needs field(s) ${required.join(', ')}, which ${target.fieldMap?.description ?? target.label} lacks`,
        });
        continue;
      }
      const absent = [...new Set([...missing(v.detection), ...v.filters.flatMap(missing)])];
      if (absent.length)
        partial.push({
          rule: info,
          source: target.label,
          reason: `items on field(s) ${absent.join(', ')} never hold there (absent from ${target.fieldMap?.description ?? target.label})`,
        });
      rule.windows.push(v);
      this.index(v);
    }
    if (rule.windows.length === 0) notForWindows.push({ rule: info, source: 'windows', reason: 'no mapped Windows source provides the fields the rule uses' });
    return rule;
  }

  private index(v: Variant): void {
    const buckets: Bucket[] = [];
    if (!v.target?.channels) buckets.push(this.anyChannel);
    else
      for (const ch of v.target.channels) {
        let b = this.byChannel.get(ch);
        if (!b) this.byChannel.set(ch, (b = { byId: new Map(), any: new RuleList() }));
        buckets.push(b);
      }
    for (const b of buckets) {
      if (!v.target?.eventIds) b.any.items.push(v);
      else
        for (const id of v.target.eventIds) {
          let list = b.byId.get(id);
          if (!list) b.byId.set(id, (list = new RuleList()));
          list.items.push(v);
        }
    }
  }

  /** Resolves correlation references; refuses correlations naming unknown rules or cycles. */
  private linkCorrelations(refused: RefusedRule[]): CorrelationRuleDef[] {
    const byRef = new Map<string, CompiledRule>();
    for (const r of this.rules) {
      if (r.def.meta.id) byRef.set(r.def.meta.id, r);
      if (r.def.meta.name) byRef.set(r.def.meta.name, r);
    }
    const corrRefs = new Set<string>();
    for (const c of this.correlations) {
      if (c.meta.id) corrRefs.add(c.meta.id);
      if (c.meta.name) corrRefs.add(c.meta.name);
    }
    const ok: CorrelationRuleDef[] = [];
    for (const c of this.correlations) {
      const missing = c.rules.filter((r) => !byRef.has(r) && !corrRefs.has(r));
      if (missing.length) {
        const err = new SigmaError(`correlation refers to unknown rule(s): ${missing.join(', ')}`, { file: c.meta.file, path: 'correlation.rules' }, c.meta.id);
        refused.push(refusal(err, undefined));
        continue;
      }
      ok.push(c);
      for (const ref of c.rules) {
        const r = byRef.get(ref);
        if (!r) continue;
        if (!c.generate) this.suppressed.add(ruleKey(r.info));
        const fields = new Set(r.correlationFields);
        for (const g of c.groupBy) fields.add((r.def.meta.name && c.aliases[g]?.[r.def.meta.name]) ?? g);
        for (const f of c.condition?.field ?? []) fields.add(f);
        r.correlationFields = [...fields];
      }
    }
    return ok;
  }

  /** Detection matches for one record (correlations need a Scanner or the correlate step). */
  match(record: Json | EventView): RuleMatch[] {
    const ev = isView(record) ? record : toEvent(record);
    const out: RuleMatch[] = [];
    if (ev.isWindows) {
      const ch = ev.channel === undefined ? undefined : this.byChannel.get(ev.channel);
      const id = ev.eventId;
      this.run(ev, ch && id !== undefined ? ch.byId.get(id) : undefined, out, true);
      this.run(ev, ch?.any, out, true);
      this.run(ev, id !== undefined ? this.anyChannel.byId.get(id) : undefined, out, true);
      this.run(ev, this.anyChannel.any, out, true);
    } else {
      // Generic JSON may hold arrays, which the literal pre-filter does not read: evaluate all.
      if (this.genericList.items.length === 0) for (const r of this.rules) if (r.generic) this.genericList.items.push(r.generic);
      this.run(ev, this.genericList, out, false);
    }
    return out;
  }

  private run(ev: EventView, rl: RuleList | undefined, out: RuleMatch[], filtered: boolean): void {
    if (!rl || rl.items.length === 0) return;
    const list = rl.items;
    const pf = filtered && this.options.prefilter !== false ? rl.prefilter() : undefined;
    pf?.select(ev);
    outer: for (let i = 0; i < list.length; i++) {
      if (pf && !pf.candidate(i)) continue;
      const v = list[i]!;
      const req = v.required;
      for (let j = 0; j < req.length; j++) if (ev.get(req[j]!) === undefined) continue outer;
      if (!evalNode(v.detection.root, ev)) continue;
      for (let j = 0; j < v.filters.length; j++) if (evalNode(v.filters[j]!.root, ev)) continue outer;
      out.push(this.describe(v, ev));
    }
  }

  private describe(v: Variant, ev: EventView): RuleMatch {
    const m: RuleMatch = { rule: v.rule.info, recordId: ev.recordId, timestamp: ev.timestamp, fields: v.detection.explain(ev) };
    const cf = v.rule.correlationFields;
    if (cf.length) {
      const values: Record<string, Json> = {};
      for (const f of cf) {
        const x = ev.get(f);
        if (x !== undefined) values[f] = x;
      }
      m.correlationValues = values;
    }
    return m;
  }

  /** Whether a rule's own matches are reported (false when only its correlations should be). */
  isStandalone(info: RuleInfo): boolean {
    return !this.suppressed.has(ruleKey(info));
  }
}

/** Identity of a rule that survives copying between threads. */
function ruleKey(info: RuleInfo): string {
  return `${info.id ?? ''}\u0000${info.title}\u0000${info.file ?? ''}`;
}

function isView(r: Json | EventView): r is EventView {
  return typeof r === 'object' && r !== null && !Array.isArray(r) && typeof (r as EventView).lower === 'function';
}
