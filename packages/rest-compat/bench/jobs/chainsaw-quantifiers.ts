/**
 * Chainsaw 2.12.2 takes `all of selection_*` as false when one of those selections is a list of
 * maps (alternatives), though the same rule with the condition spelled out (`a and b`) matches.
 * These helpers write such rules with their quantifiers spelled out, so the bench can run Chainsaw
 * again on them and see whether that alone makes its count equal ours.
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

/**
 * Copies of the rule files whose condition uses a quantifier over a list-of-maps selection, with
 * the quantifiers spelled out, into `dir`; returns the ids written.
 */
export function writeSpelledOut(paths: string[], dir: string): string[] {
  const written: string[] = [];
  for (const path of paths) {
    const doc = readRuleFiles([path]).documents[0];
    const detection = doc?.data['detection'] as Record<string, unknown> | undefined;
    const id = doc?.data['id'];
    if (!detection || typeof detection['condition'] !== 'string' || typeof id !== 'string') continue;
    const selections = Object.keys(detection).filter((k) => k !== 'condition' && k !== 'timeframe');
    const listOfMaps = selections.some((n) => Array.isArray(detection[n]) && (detection[n] as unknown[]).some((x) => typeof x === 'object' && x !== null));
    const condition = detection['condition'];
    if (!listOfMaps || !QUANTIFIED.test(condition)) continue;
    QUANTIFIED.lastIndex = 0;
    const text = readFileSync(path, 'utf8');
    const line = /^(\s+condition:\s*)(.+)$/m.exec(text);
    if (!line) continue;
    writeFileSync(join(dir, `${id}.yml`), text.replace(line[0], `${line[1]}${spelledOut(condition, selections)}`));
    written.push(id);
  }
  return written;
}
