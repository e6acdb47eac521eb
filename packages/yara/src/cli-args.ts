import { statSync } from 'node:fs';
import { YaraError } from './errors.js';

export interface CliArgs {
  command: string;
  rules: string[];
  targets: string[];
  flags: Map<string, string | true>;
}

const VALUE_FLAGS = new Set(['--timeout', '--dest', '--pool']);

function isDir(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}

/**
 * `--rules DIR…` takes the following arguments while they are directories; the first one that
 * is not (or a `--`) starts the targets. `--rules` may also be repeated.
 */
export function parseCliArgs(argv: readonly string[]): CliArgs {
  const [command = 'help', ...rest] = argv;
  const out: CliArgs = { command, rules: [], targets: [], flags: new Map() };
  let inRules = false;
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i]!;
    if (a === '--') {
      out.targets.push(...rest.slice(i + 1));
      break;
    }
    if (a === '--rules') {
      inRules = true;
      continue;
    }
    if (a.startsWith('--')) {
      inRules = false;
      if (VALUE_FLAGS.has(a)) {
        const v = rest[++i];
        if (v === undefined) throw new YaraError('invalid-input', `${a} needs a value`);
        out.flags.set(a, v);
      } else out.flags.set(a, true);
      continue;
    }
    if (inRules && isDir(a)) out.rules.push(a);
    else {
      inRules = false;
      out.targets.push(a);
    }
  }
  return out;
}
