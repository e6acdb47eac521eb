import { existsSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import type { LoadedRuleSet } from '@quarry/insights';
import { BUILTIN_RULES_DIR, type Pack } from '@quarry/yara';
import { SET_RECORD_FILE, setLabel } from '../rule-sets/set-record.js';

/**
 * The community pack split into the sets it was loaded from: the built-in pack, each configured
 * directory, and each pack installed under `<data dir>/rules/yara/<name>` (a folder with an
 * install record). `loaded` counts rules, `refused` the rule files that did not compile.
 */
export function loadedYaraSets(pack: Pack): LoadedRuleSet[] {
  const sets = new Map<string, LoadedRuleSet>();
  const dirs = pack.dirs.map((d) => resolve(d));
  const builtin = resolve(BUILTIN_RULES_DIR);
  const setOf = (file: string): LoadedRuleSet | undefined => {
    const dir = dirs.find((d) => file.startsWith(d + sep));
    if (dir === undefined) return undefined;
    const first = relative(dir, file).split(sep)[0] ?? '';
    const root = existsSync(join(dir, first, SET_RECORD_FILE)) ? join(dir, first) : dir;
    let set = sets.get(root);
    if (!set) sets.set(root, (set = { ...setLabel(root, root === builtin), directory: root, loaded: 0, refused: 0 }));
    return set;
  };
  for (const f of pack.files) {
    const set = setOf(f.path);
    if (!set) continue;
    if (f.ok) set.loaded += f.rules.length;
    else set.refused++;
  }
  return [...sets.values()];
}
