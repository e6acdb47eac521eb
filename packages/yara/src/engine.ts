import type { RuleMatch } from '@litko/yara-x';
import { diagnosticFromThrown, type Diagnostic } from './diagnostics.js';
import { EMPTY_EXTERNALS, type Externals } from './externals.js';
import { outlineSource } from './outline.js';
import { compileRules, type CompiledRules } from './native.js';
import type { CompileGroup } from './pack.js';

/** One matched pattern occurrence. `data` is the engine's text rendering of the bytes. */
export interface StringMatch {
  identifier: string;
  offset: number;
  length: number;
  data: string;
}

/** One rule that matched, before it is shaped for the API. */
export interface RawRuleMatch {
  rule: string;
  namespace: string;
  tags: string[];
  meta: Record<string, unknown>;
  strings: StringMatch[];
}

interface CompiledGroup {
  rules: CompiledRules;
  /** Rule name -> namespace (file) it came from; names are unique inside a group. */
  owner: Map<string, string>;
}

export interface CompiledSet {
  groups: CompiledGroup[];
  /** Namespaces moved into groups of their own because they clashed when compiled together. */
  split: string[];
}

function compileGroup(files: CompileGroup['files']): CompiledGroup {
  const rules = compileRules(files.map((f) => f.source).join('\n'), { defineVariables: { ...EMPTY_EXTERNALS } });
  const owner = new Map<string, string>();
  for (const f of files) for (const r of outlineSource(f.source).rules) owner.set(r.name, f.namespace);
  return { rules, owner };
}

/** Which file of a concatenation a 1-based line of the joined text falls in. */
function fileAtLine(files: CompileGroup['files'], line: number): number {
  let start = 1;
  for (let k = 0; k < files.length; k++) {
    const lines = files[k]!.source.split('\n').length;
    if (line < start + lines) return k;
    start += lines;
  }
  return files.length - 1;
}

/**
 * Compiles each group once. Every file already compiled alone, so a group failure is a clash
 * between files (e.g. a duplicate name the outline missed): the file the error points at is
 * moved to a group of its own and the rest is retried.
 */
export function compileGroups(groups: readonly CompileGroup[]): CompiledSet {
  const out: CompiledSet = { groups: [], split: [] };
  const queue = groups.map((g) => [...g.files]);
  while (queue.length > 0) {
    const files = queue.shift()!;
    try {
      out.groups.push(compileGroup(files));
    } catch (err) {
      if (files.length === 1) throw err;
      const d: Diagnostic = diagnosticFromThrown(err);
      // The report names the second declaration; without a line, split off the last file.
      const k = d.line === undefined ? files.length - 1 : fileAtLine(files, d.line);
      const [moved] = files.splice(k, 1);
      out.split.push(moved!.namespace);
      queue.unshift(files);
      queue.push([moved!]);
    }
  }
  return out;
}

export function compileCustom(source: string): CompiledSet {
  return { groups: [compileGroup([{ namespace: 'custom', source }])], split: [] };
}

export interface ScanLimits {
  maxMatchesPerPattern: number;
}

function toRaw(m: RuleMatch, group: CompiledGroup, shift: number): RawRuleMatch {
  return {
    rule: m.ruleIdentifier,
    namespace: group.owner.get(m.ruleIdentifier) ?? m.namespace,
    tags: [...m.tags],
    meta: { ...(m.meta as Record<string, unknown>) },
    strings: m.matches.map((s) => ({ identifier: s.identifier, offset: s.offset + shift, length: s.length, data: s.data })),
  };
}

/** Scans one contiguous block with every group; `shift` is the block's offset in the file. */
export function scanBlock(set: CompiledSet, data: Buffer, externals: Externals, limits: ScanLimits, shift = 0): RawRuleMatch[] {
  const out: RawRuleMatch[] = [];
  for (const g of set.groups) {
    g.rules.setMaxMatchesPerPattern(limits.maxMatchesPerPattern);
    for (const m of g.rules.scan(data, { ...externals })) out.push(toRaw(m, g, shift));
  }
  return out;
}

/**
 * Folds matches from overlapping windows: one entry per rule, pattern hits de-duplicated by
 * identifier and offset, and capped per pattern as the engine caps them.
 */
export class MatchMerger {
  private readonly byRule = new Map<string, { match: RawRuleMatch; seen: Set<string>; perPattern: Map<string, number> }>();

  constructor(private readonly limits: ScanLimits) {}

  add(matches: readonly RawRuleMatch[]): void {
    for (const m of matches) {
      const key = `${m.namespace}\0${m.rule}`;
      let entry = this.byRule.get(key);
      if (entry === undefined) {
        entry = { match: { ...m, strings: [] }, seen: new Set(), perPattern: new Map() };
        this.byRule.set(key, entry);
      }
      for (const s of m.strings) {
        const id = `${s.identifier}@${s.offset}`;
        const count = entry.perPattern.get(s.identifier) ?? 0;
        if (entry.seen.has(id) || count >= this.limits.maxMatchesPerPattern) continue;
        entry.seen.add(id);
        entry.perPattern.set(s.identifier, count + 1);
        entry.match.strings.push(s);
      }
    }
  }

  result(): RawRuleMatch[] {
    return [...this.byRule.values()].map((e) => {
      e.match.strings.sort((a, b) => a.offset - b.offset || (a.identifier < b.identifier ? -1 : 1));
      return e.match;
    });
  }
}
