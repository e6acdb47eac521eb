import { execFileSync } from 'node:child_process';

/**
 * The extra data blocks LnkParse3 (pip, 1.6.0) decodes for each file, as its `get_json()` prints
 * them, one Python process for all files. Files it cannot read map to `{ error }`.
 */
const SCRIPT = `
import json, sys, warnings
import LnkParse3
warnings.simplefilter('ignore')
out = {}
for path in json.load(sys.stdin):
    try:
        with open(path, 'rb') as f:
            out[path] = LnkParse3.lnk_file(f).get_json().get('extra') or {}
    except Exception as e:
        out[path] = {'error': str(e)}
json.dump(out, sys.stdout, default=str)
`;

export type LnkParse3Extra = Record<string, Record<string, unknown>>;

export function lnkparse3Extra(paths: string[]): Map<string, LnkParse3Extra> {
  const out = execFileSync('python3', ['-c', SCRIPT], { input: JSON.stringify(paths), encoding: 'utf8', maxBuffer: 256 << 20 });
  return new Map(Object.entries(JSON.parse(out) as Record<string, LnkParse3Extra>));
}

/** Whether the LnkParse3 Python module is importable (the `lnkparse` script alone says little about the module). */
export function hasLnkParse3(): boolean {
  try {
    execFileSync('python3', ['-c', 'import LnkParse3'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
