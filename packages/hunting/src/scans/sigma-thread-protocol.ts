import type { LoadedRuleSet } from '@quarry/insights';
import type { SigmaDataOutcome } from './sigma-data-scan.js';

export type SigmaThreadRequest =
  | { type: 'warm'; id: number }
  | { type: 'scan'; id: number; text: string; rule: string | undefined }
  | { type: 'lines'; id: number; names: string[] }
  | { type: 'task'; id: number; input: unknown };

export type SigmaThreadReply =
  | { type: 'warmed'; id: number; loaded: number; refused: number; sets: LoadedRuleSet[]; compiles: number }
  | { type: 'start'; id: number }
  | { type: 'done'; id: number; outcome: SigmaDataOutcome }
  | { type: 'lines'; id: number; found: Record<string, string[]>; missing: string[] }
  | { type: 'task-done'; id: number; output: unknown }
  | { type: 'failed'; id: number; message: string };
