import type { Importance } from '../types.js';

/** Importance levels, lowest first: the index is the rank used to compare and sort. */
export const IMPORTANCE_LEVELS: readonly Importance[] = ['Informational', 'Low', 'Medium', 'High', 'Critical'];

export const importanceRank = (i: Importance): number => IMPORTANCE_LEVELS.indexOf(i);

export function maxImportance(a: Importance, b: Importance): Importance {
  return importanceRank(a) >= importanceRank(b) ? a : b;
}

/** One level up, capped at Critical (e.g. a LOLBIN outside its usual folder). */
export function raiseImportance(i: Importance): Importance {
  return IMPORTANCE_LEVELS[Math.min(importanceRank(i) + 1, 4)]!;
}

/** One level down, floored at Informational. */
export function lowerImportance(i: Importance): Importance {
  return IMPORTANCE_LEVELS[Math.max(importanceRank(i) - 1, 0)]!;
}

/**
 * A finding's importance and the rules behind it: importance is the highest level among the rules
 * hit, and the reasons name them ("L1 staging path; C1 encoded command").
 */
export class Verdict {
  readonly reasons: string[] = [];

  /** `base`: the level of a finding no rule lifts (e.g. Low for persistence entries). */
  constructor(public importance: Importance = 'Informational') {}

  hit(level: Importance, reason: string): this {
    this.importance = maxImportance(this.importance, level);
    if (!this.reasons.includes(reason)) this.reasons.push(reason);
    return this;
  }

  merge(other: Verdict): this {
    for (const r of other.reasons) if (!this.reasons.includes(r)) this.reasons.push(r);
    this.importance = maxImportance(this.importance, other.importance);
    return this;
  }

  get text(): string {
    return this.reasons.join('; ');
  }
}

/** One rule a finding hits, before it is folded into a Verdict. */
export interface RuleHit {
  level: Importance;
  reason: string;
}
