/**
 * Two ways Chainsaw 2.12.2 reads a valid Sigma rule differently: it takes `all of selection_*` as
 * false when one of those selections is a list of maps (alternatives), though the same rule with
 * the condition spelled out (`a and b`) matches; and it does not unescape `\\` (Sigma's escaped
 * backslash), so it looks for two backslashes. These helpers write such rules in the form Chainsaw
 * reads as Sigma means them, so the bench can run Chainsaw again and see whether that alone makes
 * its count equal ours.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readRuleFiles } from '@quarry/sigma';

const QUANTIFIED = /\b(all|1|any) of (them|[\w*]+)/g;

const globToRegExp = (glob: string): RegExp => new RegExp(`^${glob.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`);

/** The condition with every `all of X` / `1 of X` written out over the selection names. */
export function spelledOut(condition: string, selections: string[]): string {
  return condition.replace(QUANTIFIED, (_, q: string, target: string) => {
    const names = target === 'them' ? selections.filter((n) => !n.startsWith('_')) : selections.filter((n) => globToRegExp(target).test(n));
    return names.length === 0 ? _ : `(${names.join(q === 'all' ? ' and ' : ' or ')})`;
  });
}

/** `\\` (an escaped backslash in a Sigma value) as the one backslash it means, in the detection block only. */
function unescapedBackslashes(text: string): string {
  const at = text.search(/^detection:/m);
  if (at < 0) return text;
  const body = text.indexOf('\n', at) + 1;
  const end = text.slice(body).search(/^\S/m);
  const stop = end < 0 ? text.length : body + end;
  return text.slice(0, at) + text.slice(at, stop).replaceAll('\\\\', '\\') + text.slice(stop);
}

/**
 * Copies of the rule files Chainsaw reads differently (a quantifier over a list-of-maps selection,
 * or an escaped backslash), rewritten as Chainsaw reads them correctly, into `dir`; returns the ids written.
 */
export function writeChainsawReadable(paths: string[], dir: string): string[] {
  const written: string[] = [];
  for (const path of paths) {
    const doc = readRuleFiles([path]).documents[0];
    const detection = doc?.data['detection'] as Record<string, unknown> | undefined;
    const id = doc?.data['id'];
    if (!detection || typeof detection['condition'] !== 'string' || typeof id !== 'string') continue;
    const selections = Object.keys(detection).filter((k) => k !== 'condition' && k !== 'timeframe');
    const listOfMaps = selections.some((n) => Array.isArray(detection[n]) && (detection[n] as unknown[]).some((x) => typeof x === 'object' && x !== null));
    const condition = detection['condition'];
    let text = readFileSync(path, 'utf8');
    const original = text;
    const line = /^(\s+condition:\s*)(.+)$/m.exec(text);
    QUANTIFIED.lastIndex = 0;
    if (listOfMaps && line && QUANTIFIED.test(condition)) text = text.replace(line[0], `${line[1]}${spelledOut(condition, selections)}`);
    QUANTIFIED.lastIndex = 0;
    text = unescapedBackslashes(text);
    if (text === original) continue;
    writeFileSync(join(dir, `${id}.yml`), text);
    written.push(id);
  }
  return written;
}
