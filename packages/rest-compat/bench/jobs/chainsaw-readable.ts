/**
 * Ways Chainsaw 2.12.2 reads a valid Sigma rule differently from the Sigma specification:
 * - it takes `all of selection_*` (and `1 of`) as false when one of those selections is a list of
 *   maps (alternatives), though the same rule with the condition spelled out (`a and b`) matches;
 * - it reads a `contains`/`startswith`/`endswith` value literally: a wildcard inside it (`*`, `?`)
 *   is taken as that character, and escapes (`\\`, `\*`, `\?`) are not unescaped, so `\\\\host`
 *   looks for four backslashes;
 * - a plain value with a wildcard inside becomes a case-sensitive regular expression in which the
 *   wildcard is again a literal character.
 * These helpers write such rules in a form Chainsaw reads as Sigma means them (quantifiers spelled
 * out; such values as the equivalent case-insensitive `|re`), so the bench can run Chainsaw again
 * and see whether that alone makes its count equal ours.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseDocument } from 'yaml';

const QUANTIFIED = /\b(all|1|any) of (them|[\w*]+)/g;
const PLAIN_MODIFIERS = new Set(['contains', 'startswith', 'endswith', 'all']);

/** A selection-name pattern of a condition (`selection_*`) as a RegExp. */
export const globToRegExp = (glob: string): RegExp => new RegExp(`^${glob.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`);

/** The condition with every `all of X` / `1 of X` written out over the selection names. */
export function spelledOut(condition: string, selections: string[]): string {
  return condition.replace(QUANTIFIED, (_, q: string, target: string) => {
    const names = target === 'them' ? selections.filter((n) => !n.startsWith('_')) : selections.filter((n) => globToRegExp(target).test(n));
    return names.length === 0 ? _ : `(${names.join(q === 'all' ? ' and ' : ' or ')})`;
  });
}

/** A Sigma string value as a regular expression body: `*`/`?` wildcards, `\` escaping them and itself. */
export function sigmaValueRegex(value: string): string {
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const c = value[i]!;
    const next = value[i + 1];
    if (c === '\\' && (next === '*' || next === '?' || next === '\\')) {
      out += `\\${next}`;
      i++;
    } else if (c === '*') out += '.*';
    else if (c === '?') out += '.';
    else out += /[.+^${}()|[\]\\*?]/.test(c) ? `\\${c}` : c;
  }
  return out;
}

/** Whether Chainsaw's literal reading of this value differs from Sigma's. */
function misread(value: string, modifiers: string[]): boolean {
  if (/\\[\\*?]/.test(value)) return true;
  const wildcardInside = modifiers.some((m) => m !== 'all') ? /[*?]/ : /.[*?]./s;
  return wildcardInside.test(value) || (modifiers.length === 0 && /^\?|\?$/.test(value));
}

/** `field|mods: values` rewritten to `field|re[|all]` where Chainsaw would misread a value; else undefined. */
function asRegexField(key: string, values: unknown): [string, string | string[]] | undefined {
  const [field, ...modifiers] = key.split('|');
  if (!field || !modifiers.every((m) => PLAIN_MODIFIERS.has(m))) return undefined;
  const list = Array.isArray(values) ? values : [values];
  if (!list.every((v): v is string => typeof v === 'string') || !list.some((v) => misread(v, modifiers))) return undefined;
  const [start, end] = modifiers.includes('contains')
    ? ['', '']
    : modifiers.includes('startswith')
      ? ['^', '']
      : modifiers.includes('endswith')
        ? ['', '$']
        : ['^', '$'];
  const regexes = list.map((v) => `(?i)${start}${sigmaValueRegex(v)}${end}`);
  return [`${field}|re${modifiers.includes('all') ? '|all' : ''}`, Array.isArray(values) ? regexes : regexes[0]!];
}

function rewriteMap(map: Record<string, unknown>): { map: Record<string, unknown>; changed: boolean } {
  let changed = false;
  const out: Record<string, unknown> = {};
  for (const [key, values] of Object.entries(map)) {
    const re = asRegexField(key, values);
    if (re) changed = true;
    out[re?.[0] ?? key] = re?.[1] ?? values;
  }
  return { map: out, changed };
}

const isMap = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/**
 * Copies of the rule files Chainsaw reads differently (a quantifier over a list-of-maps selection,
 * a value with wildcards or escapes inside), rewritten as Chainsaw reads them as meant, into `dir`;
 * returns the ids written.
 */
export function writeChainsawReadable(paths: string[], dir: string): string[] {
  const written: string[] = [];
  for (const path of paths) {
    const doc = parseDocument(readFileSync(path, 'utf8'));
    const id = doc.get('id');
    const detection = doc.toJS()?.detection as Record<string, unknown> | undefined;
    if (!isMap(detection) || typeof detection['condition'] !== 'string' || typeof id !== 'string') continue;
    let changed = false;
    const selections = Object.keys(detection).filter((k) => k !== 'condition' && k !== 'timeframe');
    for (const name of selections) {
      const sel = detection[name];
      if (isMap(sel)) {
        const r = rewriteMap(sel);
        detection[name] = r.map;
        changed ||= r.changed;
      } else if (Array.isArray(sel)) {
        detection[name] = sel.map((item: unknown) => {
          if (!isMap(item)) return item;
          const r = rewriteMap(item);
          changed ||= r.changed;
          return r.map;
        });
      }
    }
    const listOfMaps = selections.some((n) => Array.isArray(detection[n]) && (detection[n] as unknown[]).some(isMap));
    QUANTIFIED.lastIndex = 0;
    if (listOfMaps && QUANTIFIED.test(detection['condition'])) {
      detection['condition'] = spelledOut(detection['condition'], selections);
      changed = true;
    }
    if (!changed) continue;
    doc.set('detection', detection);
    writeFileSync(join(dir, `${id}.yml`), String(doc));
    written.push(id);
  }
  return written;
}
