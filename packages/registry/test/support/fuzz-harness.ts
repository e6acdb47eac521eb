import { readFile } from 'node:fs/promises';
import { Hive, RegistryError, type LogInput } from '../../src/index.js';
import { applyMutations, type Mutation } from './mutate.js';
import { sample } from './shared.js';

export interface FuzzTarget {
  hive: string;
  logs: string[];
  /** Which input the mutations apply to: the hive, or the log at this index. */
  mutate: 'hive' | number;
}

export interface Crasher {
  target: FuzzTarget;
  seed: number;
  mutations: Mutation[];
  error: string;
}

export interface Inputs {
  hive: Buffer;
  logs: LogInput[];
}

export async function loadTarget(t: FuzzTarget): Promise<Inputs> {
  return {
    hive: await readFile(sample(t.hive)),
    logs: await Promise.all(t.logs.map(async (l) => ({ name: l, data: await readFile(sample(l)) }))),
  };
}

export function mutated(t: FuzzTarget, inputs: Inputs, muts: Mutation[]): Inputs {
  if (t.mutate === 'hive') return { hive: applyMutations(inputs.hive, muts), logs: inputs.logs };
  const logs = inputs.logs.map((l, i) => (i === t.mutate ? { name: l.name, data: applyMutations(l.data, muts) } : l));
  return { hive: inputs.hive, logs };
}

/**
 * Runs everything a caller can do with a hive. Returns null when only RegistryError (or nothing)
 * was thrown, else the foreign error's description.
 */
export function exercise(inputs: Inputs): string | null {
  try {
    const hive = new Hive(inputs.hive, inputs.logs);
    void hive.type;
    let n = 0;
    let lastPath = '';
    for (const k of hive.walk({ deleted: true })) {
      n++;
      if (n % 7 === 0) lastPath = k.path;
    }
    hive.getKey(lastPath.toUpperCase());
    hive.subkeys('');
    return null;
  } catch (err) {
    if (err instanceof RegistryError) return null;
    return err instanceof Error ? `${err.name}: ${err.message}\n${err.stack?.split('\n').slice(1, 4).join('\n')}` : String(err);
  }
}
