import { readFileSync } from 'node:fs';
import { YaraError } from './errors.js';
import type { Pack } from './pack.js';

/** One definition of a rule name: which pack and file, and its source lines. */
export interface RuleVariant {
  pack: string;
  namespace: string;
  path: string;
  /** 1-based line of the first source line. */
  line: number;
  lines: string[];
}

const sources = new Map<string, string[]>();

function fileLines(path: string): string[] {
  let lines = sources.get(path);
  if (lines === undefined) {
    try {
      lines = readFileSync(path, 'utf8').split(/\r?\n/);
    } catch (cause) {
      throw new YaraError('io', `cannot read rule file: ${path}`, { file: path, cause });
    }
    sources.set(path, lines);
  }
  return lines;
}

/**
 * Source lines of every rule with exactly this (case-sensitive) name in the given packs,
 * one variant per definition, in pack then file order.
 */
export function findRule(packs: readonly Pack[], name: string): RuleVariant[] {
  const out: RuleVariant[] = [];
  for (const pack of packs) {
    for (const r of pack.rules) {
      if (r.name !== name) continue;
      out.push({ pack: pack.name, namespace: r.namespace, path: r.path, line: r.startLine, lines: fileLines(r.path).slice(r.startLine - 1, r.endLine) });
    }
  }
  return out;
}

const RULE_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,127}$/;

/**
 * The `/analysis/yara/rules` body: `{ <name>: [line, ...] }`. Several variants of a name are
 * joined in order with one empty line between them. Names must be valid YARA identifiers
 * (`invalid-input`); any unknown name fails the whole request (`not-found`), as the spec allows.
 */
export function retrieveRules(packs: readonly Pack[], names: readonly unknown[]): Record<string, string[]> {
  if (names.length === 0 || !names.every((n): n is string => typeof n === 'string' && RULE_NAME.test(n))) {
    throw new YaraError('invalid-input', 'Invalid rule names provided');
  }
  const results: Record<string, string[]> = {};
  const missing: string[] = [];
  for (const name of names) {
    const variants = findRule(packs, name);
    if (variants.length === 0) missing.push(name);
    else results[name] = variants.flatMap((v, k) => (k === 0 ? v.lines : ['', ...v.lines]));
  }
  if (missing.length > 0) throw new YaraError('not-found', `One or more rules not found: ${missing.join(', ')}`);
  return results;
}
