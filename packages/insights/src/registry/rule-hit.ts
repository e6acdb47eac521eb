import type { Importance } from '../types.js';

/** A rule a row hits: its level and the text the Reasons column shows. */
export interface RuleHit {
  level: Importance;
  reason: string;
}
