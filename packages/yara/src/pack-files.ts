import { readdirSync, statSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import { YaraError } from './errors.js';

export interface PackFile {
  /** Absolute path. */
  path: string;
  /** `<dir basename>/<path inside dir>`: stable, readable, and unique per pack. Used as namespace. */
  namespace: string;
  size: number;
  mtimeMs: number;
}

const RULE_FILE = /\.(yar|yara)$/i;

/** Every `.yar`/`.yara` under the given directories, in a stable (sorted) order. */
export function listRuleFiles(dirs: readonly string[]): PackFile[] {
  const out: PackFile[] = [];
  for (const dir of dirs) {
    const root = resolve(dir);
    let rootStat;
    try {
      rootStat = statSync(root);
    } catch (cause) {
      throw new YaraError('io', `rule directory not readable: ${root}`, { file: root, cause });
    }
    if (!rootStat.isDirectory()) throw new YaraError('io', `not a directory: ${root}`, { file: root });
    const found: PackFile[] = [];
    const walk = (d: string): void => {
      for (const e of readdirSync(d, { withFileTypes: true })) {
        const p = join(d, e.name);
        if (e.isDirectory()) walk(p);
        else if (e.isFile() && RULE_FILE.test(e.name)) {
          const st = statSync(p);
          found.push({ path: p, namespace: `${basename(root)}/${relative(root, p)}`, size: st.size, mtimeMs: st.mtimeMs });
        }
      }
    };
    walk(root);
    found.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    out.push(...found);
  }
  return out;
}
