import { tokenize, type Token } from './lexer.js';

export type MetaValue = string | number | boolean;

/** Where one rule sits in its source text, and what it declares about itself. */
export interface RuleOutline {
  name: string;
  /** `private` and/or `global`. */
  modifiers: string[];
  tags: string[];
  /** Meta entries in source order (YARA allows repeated keys). */
  meta: Array<{ key: string; value: MetaValue }>;
  /** 1-based, inclusive: from the first modifier (or `rule`) to the closing brace. */
  startLine: number;
  endLine: number;
}

export interface SourceOutline {
  rules: RuleOutline[];
  imports: string[];
  includes: string[];
}

const SECTIONS = new Set(['meta', 'strings', 'condition']);

function parseMetaValue(tokens: Token[], i: number): { value: MetaValue; next: number } | undefined {
  const t = tokens[i];
  if (t === undefined) return undefined;
  if (t.kind === 'string') return { value: t.text, next: i + 1 };
  if (t.kind === 'ident' && (t.text === 'true' || t.text === 'false')) return { value: t.text === 'true', next: i + 1 };
  const negative = t.kind === 'punct' && t.text === '-';
  const num = negative ? tokens[i + 1] : t;
  if (num?.kind === 'number') {
    const v = Number(num.text);
    if (Number.isFinite(v)) return { value: negative ? -v : v, next: i + (negative ? 2 : 1) };
  }
  return undefined;
}

/**
 * Finds the rules in a YARA source without compiling it. Tolerant by design: used to locate
 * rule text for retrieval and to learn rule names per file (the binding cannot list them).
 */
export function outlineSource(src: string): SourceOutline {
  const tokens = tokenize(src);
  const out: SourceOutline = { rules: [], imports: [], includes: [] };
  let i = 0;
  while (i < tokens.length) {
    const t = tokens[i]!;
    if (t.kind === 'ident' && (t.text === 'import' || t.text === 'include') && tokens[i + 1]?.kind === 'string') {
      (t.text === 'import' ? out.imports : out.includes).push(tokens[i + 1]!.text);
      i += 2;
      continue;
    }
    let j = i;
    const modifiers: string[] = [];
    while (tokens[j]?.kind === 'ident' && (tokens[j]!.text === 'private' || tokens[j]!.text === 'global')) {
      modifiers.push(tokens[j]!.text);
      j++;
    }
    const kw = tokens[j];
    const nameTok = tokens[j + 1];
    if (kw?.kind !== 'ident' || kw.text !== 'rule' || nameTok?.kind !== 'ident') {
      i++;
      continue;
    }
    const startLine = t.line;
    j += 2;
    const tags: string[] = [];
    if (tokens[j]?.kind === 'punct' && tokens[j]!.text === ':') {
      j++;
      while (tokens[j]?.kind === 'ident') tags.push(tokens[j++]!.text);
    }
    if (tokens[j]?.kind !== 'punct' || tokens[j]!.text !== '{') {
      i = j;
      continue;
    }
    j++;
    let depth = 1;
    let section = '';
    const meta: RuleOutline['meta'] = [];
    let endLine = tokens[tokens.length - 1]?.line ?? startLine;
    while (j < tokens.length) {
      const u = tokens[j]!;
      if (u.kind === 'punct' && u.text === '{') depth++;
      else if (u.kind === 'punct' && u.text === '}') {
        depth--;
        if (depth === 0) {
          endLine = u.line;
          j++;
          break;
        }
      } else if (depth === 1 && u.kind === 'ident' && SECTIONS.has(u.text) && tokens[j + 1]?.text === ':') {
        section = u.text;
        j += 2;
        continue;
      } else if (depth === 1 && section === 'meta' && u.kind === 'ident' && tokens[j + 1]?.text === '=') {
        const v = parseMetaValue(tokens, j + 2);
        if (v !== undefined) {
          meta.push({ key: u.text, value: v.value });
          j = v.next;
          continue;
        }
      }
      j++;
    }
    out.rules.push({ name: nameTok.text, modifiers, tags, meta, startLine, endLine });
    i = j;
  }
  return out;
}

/** First value of a meta key, as text (the API shows meta in table cells). */
export function metaText(rule: { meta: RuleOutline['meta'] }, key: string): string {
  const hit = rule.meta.find((m) => m.key === key);
  return hit === undefined ? '' : String(hit.value);
}
