import type { Diagnostic } from './diagnostics.js';
import { toDiagnostic } from './diagnostics.js';
import { YaraError } from './errors.js';
import { EMPTY_EXTERNALS } from './externals.js';
import { validateRules } from './native.js';
import { outlineSource, type MetaValue, type SourceOutline } from './outline.js';
import type { Pack } from './pack.js';

/** A caller's rule text, ready to scan with (compiled in the worker on first use). */
export interface CustomRule {
  source: string;
  outline: SourceOutline;
}

export interface RuleCheck {
  ok: boolean;
  errors: Diagnostic[];
  warnings: Diagnostic[];
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Decodes the API's base64 `rule` field, refusing anything that is not strict base64 text. */
export function decodeRuleBase64(b64: string): string {
  const compact = b64.replace(/\s+/g, '');
  if (compact.length === 0 || compact.length % 4 !== 0 || !BASE64.test(compact)) {
    throw new YaraError('invalid-input', 'rule is not valid base64');
  }
  const text = Buffer.from(compact, 'base64').toString('utf8');
  if (text.includes('\uFFFD')) throw new YaraError('invalid-input', 'rule is not UTF-8 text');
  return text;
}

export function customRule(source: string): CustomRule {
  if (source.trim().length === 0) throw new YaraError('invalid-input', 'rule text is empty');
  return { source, outline: outlineSource(source) };
}

/**
 * Compiles a caller's rule in this thread (fine for CLI use and small rules; a server should
 * use `ScanPool.compileRule` to keep it off the event loop). Errors and warnings kept apart.
 */
export function checkRule(source: string): RuleCheck {
  const r = validateRules(source, { defineVariables: { ...EMPTY_EXTERNALS } });
  const errors = r.errors.map(toDiagnostic);
  return { ok: errors.length === 0, errors, warnings: r.warnings.map(toDiagnostic) };
}

export interface RuleFacts {
  tags: string[];
  meta: Record<string, MetaValue>;
}

const indexes = new WeakMap<object, Map<string, RuleFacts>>();

function facts(r: SourceOutline['rules'][number]): RuleFacts {
  const meta: Record<string, MetaValue> = {};
  // Repeated meta keys are legal; the first one is what people read as "the" value.
  for (const m of r.meta) if (!(m.key in meta)) meta[m.key] = m.value;
  return { tags: r.tags, meta };
}

/** Tags and meta by `namespace\0rule` (custom rules: `\0rule`), from the source outline. */
export function ruleIndex(rules: Pack | CustomRule): Map<string, RuleFacts> {
  let idx = indexes.get(rules);
  if (idx === undefined) {
    idx = new Map();
    if ('groups' in rules) for (const r of rules.rules) idx.set(`${r.namespace}\0${r.name}`, facts(r));
    else for (const r of rules.outline.rules) idx.set(`\0${r.name}`, facts(r));
    indexes.set(rules, idx);
  }
  return idx;
}
