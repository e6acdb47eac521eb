import { Verdict } from '../common/importance.js';
import { masquerade } from '../common/masquerade.js';
import { stagingPath } from '../common/staging-paths.js';
import { toolName } from '../common/tool-names.js';

/** L1/L3/L5 on a program path (ShimCache and application traces). */
export function pathVerdict(path: string): Verdict {
  const v = new Verdict();
  const s = stagingPath(path);
  if (s) v.hit(s.importance, s.reason);
  const m = /^[a-z]:\\|^\\/i.test(path) ? masquerade(path) : null;
  if (m) v.hit(m.importance, m.reason);
  const t = toolName(path);
  if (t) v.hit('High', `L5 tool name ${t}`);
  return v;
}
