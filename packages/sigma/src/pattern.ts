/**
 * A Sigma string value after escape processing: literal text interleaved with wildcards.
 * `*` = any run of characters, `?` = exactly one, DASH = any of the windash characters.
 */
import { S_ANY, S_CONTAINS, S_EQ, S_PREFIX, S_REGEX, S_SUFFIX, StrMatch } from './eval-node.js';

export const STAR = 0;
export const ONE = 1;
export const DASH = 2;
export type PatternPart = string | typeof STAR | typeof ONE | typeof DASH;

/** The characters the `windash` modifier treats as interchangeable. */
export const WINDASH_CHARS = ['-', '/', '\u2013', '\u2014', '\u2015'];

/**
 * Parses a Sigma string: `*` and `?` are wildcards; a backslash escapes `*`, `?` or another
 * backslash; a backslash before anything else is a literal backslash (spec, "Escaping").
 */
export function parseSigmaString(raw: string): PatternPart[] {
  const parts: PatternPart[] = [];
  let lit = '';
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i]!;
    if (c === '\\') {
      const n = raw[i + 1];
      if (n === '*' || n === '?' || n === '\\') {
        lit += n;
        i++;
      } else lit += '\\';
    } else if (c === '*' || c === '?') {
      if (lit) parts.push(lit);
      lit = '';
      parts.push(c === '*' ? STAR : ONE);
    } else lit += c;
  }
  if (lit) parts.push(lit);
  return parts;
}

export function literalPattern(text: string): PatternPart[] {
  return text ? [text] : [];
}

export function hasWildcards(p: readonly PatternPart[]): boolean {
  return p.some((x) => typeof x !== 'string');
}

/** Concatenated literal text, for patterns without wildcards. */
export function patternText(p: readonly PatternPart[]): string {
  return p.filter((x): x is string => typeof x === 'string').join('');
}

export function lowerPattern(p: readonly PatternPart[]): PatternPart[] {
  return p.map((x) => (typeof x === 'string' ? x.toLowerCase() : x));
}

/** Replaces every windash character inside literals by the DASH class. */
export function windashPattern(p: readonly PatternPart[]): PatternPart[] {
  const out: PatternPart[] = [];
  for (const x of p) {
    if (typeof x !== 'string') {
      out.push(x);
      continue;
    }
    let lit = '';
    for (const c of x) {
      if (WINDASH_CHARS.includes(c)) {
        if (lit) out.push(lit);
        lit = '';
        out.push(DASH);
      } else lit += c;
    }
    if (lit) out.push(lit);
  }
  return out;
}

const REGEX_SPECIAL = /[.*+?^${}()|[\]\\/-]/g;

export function escapeRegex(s: string): string {
  return s.replace(REGEX_SPECIAL, '\\$&');
}

/** An anchored regular expression equivalent to the pattern (dot matches newlines). */
export function patternRegex(p: readonly PatternPart[], flags = ''): RegExp {
  let src = '^';
  for (const x of p) {
    if (x === STAR) src += '[\\s\\S]*';
    else if (x === ONE) src += '[\\s\\S]';
    else if (x === DASH) src += '[-/\u2013\u2014\u2015]';
    else src += escapeRegex(x);
  }
  return new RegExp(src + '$', flags);
}

/** Compiles to the cheapest test: equality, prefix, suffix, substring, or a regular expression. */
export function compilePattern(p: readonly PatternPart[]): StrMatch {
  const n = p.length;
  if (n === 0) return new StrMatch(S_EQ, '', null);
  const first = p[0];
  const last = p[n - 1];
  if (n === 1) {
    if (first === STAR) return new StrMatch(S_ANY, '', null);
    if (typeof first === 'string') return new StrMatch(S_EQ, first, null);
  }
  if (n === 2) {
    if (first === STAR && typeof last === 'string') return new StrMatch(S_SUFFIX, last, null);
    if (last === STAR && typeof first === 'string') return new StrMatch(S_PREFIX, first, null);
  }
  if (n === 3 && first === STAR && last === STAR) {
    const mid = p[1];
    if (typeof mid === 'string') return new StrMatch(S_CONTAINS, mid, null);
  }
  return new StrMatch(S_REGEX, '', patternRegex(p));
}
