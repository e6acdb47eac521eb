/**
 * The condition grammar, with the specification's precedence (not > and > or):
 *   expr := and ('or' and)* ; and := unary ('and' unary)* ; unary := 'not' unary | atom
 *   atom := '(' expr ')' | ('1' | 'all' | 'any') 'of' (pattern | 'them') | identifier
 */
import { SigmaError } from './errors.js';

export type ConditionNode =
  | { type: 'id'; name: string }
  | { type: 'not'; arg: ConditionNode }
  | { type: 'and' | 'or'; args: ConditionNode[] }
  | { type: 'of'; quantifier: 'one' | 'all'; target: string };

const MAX_DEPTH = 256;

export function tokenizeCondition(src: string): string[] {
  const tokens: string[] = [];
  const re = /\s*([()]|[^\s()]+)/gy;
  let m: RegExpExecArray | null;
  let pos = 0;
  while ((m = re.exec(src)) !== null) {
    tokens.push(m[1]!);
    pos = re.lastIndex;
  }
  if (src.slice(pos).trim() !== '') throw new SigmaError(`unexpected text '${src.slice(pos).trim()}' in condition`);
  return tokens;
}

export function parseCondition(src: string): ConditionNode {
  if (src.includes('|')) throw new SigmaError(`condition '${src}' uses a pipe aggregation (Sigma v1), replaced by correlation rules in v2`);
  const tokens = tokenizeCondition(src);
  if (tokens.length === 0) throw new SigmaError('condition is empty');
  let i = 0;
  const peek = () => tokens[i]?.toLowerCase();
  const fail = (what: string): never => {
    throw new SigmaError(`${what} at token ${i + 1} ('${tokens[i] ?? 'end of condition'}') in condition '${src}'`);
  };
  const parseOr = (depth: number): ConditionNode => {
    if (depth > MAX_DEPTH) fail('nesting too deep');
    const args = [parseAnd(depth)];
    while (peek() === 'or') {
      i++;
      args.push(parseAnd(depth));
    }
    return args.length === 1 ? args[0]! : { type: 'or', args };
  };
  const parseAnd = (depth: number): ConditionNode => {
    const args = [parseUnary(depth)];
    while (peek() === 'and') {
      i++;
      args.push(parseUnary(depth));
    }
    return args.length === 1 ? args[0]! : { type: 'and', args };
  };
  const parseUnary = (depth: number): ConditionNode => {
    if (depth > MAX_DEPTH) fail('nesting too deep');
    if (peek() === 'not') {
      i++;
      return { type: 'not', arg: parseUnary(depth + 1) };
    }
    return parseAtom(depth);
  };
  const parseAtom = (depth: number): ConditionNode => {
    const t = tokens[i];
    const lt = t?.toLowerCase();
    if (t === undefined) return fail('expected an identifier');
    if (t === '(') {
      i++;
      const inner = parseOr(depth + 1);
      if (tokens[i] !== ')') fail("expected ')'");
      i++;
      return inner;
    }
    if (lt === '1' || lt === 'all' || lt === 'any') {
      if (tokens[i + 1]?.toLowerCase() !== 'of') fail(`expected 'of' after '${t}'`);
      const target = tokens[i + 2];
      if (target === undefined || target === '(' || target === ')' || isKeyword(target)) {
        i += 2;
        fail("expected an identifier pattern or 'them' after 'of'");
      }
      i += 3;
      return { type: 'of', quantifier: lt === 'all' ? 'all' : 'one', target: target! };
    }
    if (t === ')' || isKeyword(t)) fail('expected an identifier');
    i++;
    return { type: 'id', name: t };
  };
  const node = parseOr(0);
  if (i < tokens.length) fail('unexpected token');
  return node;
}

function isKeyword(t: string): boolean {
  const l = t.toLowerCase();
  return l === 'and' || l === 'or' || l === 'not' || l === 'of';
}

/** Identifiers an `of` target names: `them` is every one not starting with `_`, `sel*` a prefix glob. */
export function resolveOfTarget(target: string, identifiers: readonly string[]): string[] {
  if (target.toLowerCase() === 'them') return identifiers.filter((n) => !n.startsWith('_'));
  if (!target.includes('*')) return identifiers.includes(target) ? [target] : [];
  const re = new RegExp(
    '^' +
      target
        .split('*')
        .map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
        .join('.*') +
      '$',
  );
  return identifiers.filter((n) => re.test(n));
}
