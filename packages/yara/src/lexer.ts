/**
 * A tolerant YARA tokenizer: enough to find rule boundaries, names, tags and meta without a
 * compiler. It never throws; malformed input just yields odd tokens (the compiler is the
 * authority on validity).
 */
export type TokenKind = 'ident' | 'string' | 'number' | 'regex' | 'punct';

export interface Token {
  kind: TokenKind;
  /** Raw text for identifiers/numbers/punctuation; decoded value for strings. */
  text: string;
  /** 1-based line of the token's first character. */
  line: number;
}

const IDENT_START = /[A-Za-z_$#@!]/;
const IDENT_PART = /[A-Za-z0-9_*]/;

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', '"': '"', '\\': '\\' };

/** A `/` opens a regular expression only where a value is expected after these tokens. */
function regexMayFollow(prev: Token | undefined): boolean {
  if (prev === undefined) return false;
  return (prev.kind === 'punct' && prev.text === '=') || (prev.kind === 'ident' && (prev.text === 'matches' || prev.text === 'imatches'));
}

export function tokenize(src: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  let line = 1;
  const n = src.length;
  while (i < n) {
    const c = src[i]!;
    if (c === '\n') {
      line++;
      i++;
      continue;
    }
    if (c === ' ' || c === '\t' || c === '\r' || c === '\f' || c === '\v') {
      i++;
      continue;
    }
    if (c === '/' && src[i + 1] === '/') {
      while (i < n && src[i] !== '\n') i++;
      continue;
    }
    if (c === '/' && src[i + 1] === '*') {
      i += 2;
      while (i < n && !(src[i] === '*' && src[i + 1] === '/')) {
        if (src[i] === '\n') line++;
        i++;
      }
      i += 2;
      continue;
    }
    if (c === '"') {
      const start = line;
      let value = '';
      i++;
      // YARA strings cannot span lines: stop at a newline so one bad quote cannot swallow the file.
      while (i < n && src[i] !== '"' && src[i] !== '\n') {
        if (src[i] === '\\' && i + 1 < n && src[i + 1] !== '\n') {
          const e = src[i + 1]!;
          value += ESCAPES[e] ?? `\\${e}`;
          i += 2;
        } else {
          value += src[i];
          i++;
        }
      }
      if (src[i] === '"') i++;
      tokens.push({ kind: 'string', text: value, line: start });
      continue;
    }
    if (c === '/' && regexMayFollow(tokens[tokens.length - 1])) {
      const start = i;
      i++;
      let inClass = false;
      while (i < n && src[i] !== '\n') {
        const d = src[i]!;
        if (d === '\\') {
          i += 2;
          continue;
        }
        if (d === '[') inClass = true;
        else if (d === ']') inClass = false;
        else if (d === '/' && !inClass) break;
        i++;
      }
      if (src[i] === '/') i++;
      while (i < n && /[a-z]/.test(src[i]!)) i++;
      tokens.push({ kind: 'regex', text: src.slice(start, i), line });
      continue;
    }
    if (IDENT_START.test(c)) {
      const start = i;
      i++;
      while (i < n && IDENT_PART.test(src[i]!)) i++;
      tokens.push({ kind: 'ident', text: src.slice(start, i), line });
      continue;
    }
    if (/[0-9]/.test(c)) {
      const start = i;
      while (i < n && /[0-9A-Za-z_.]/.test(src[i]!)) {
        // `1..2` in ranges: a number stops before a second dot.
        if (src[i] === '.' && src[i + 1] === '.') break;
        i++;
      }
      tokens.push({ kind: 'number', text: src.slice(start, i), line });
      continue;
    }
    tokens.push({ kind: 'punct', text: c, line });
    i++;
  }
  return tokens;
}
