import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Path, size and mtime of every rule file under `dirs` (missing directories count as empty): two
 * equal fingerprints mean nothing to reload. Cheap next to a reload (a stat per file), but not free
 * for thousands of files, so callers check it at most every few seconds (RecheckGate).
 */
export function ruleFilesFingerprint(dirs: readonly string[], pattern: RegExp): string {
  const parts: string[] = [];
  const walk = (dir: string): void => {
    let names: string[];
    try {
      names = readdirSync(dir).sort();
    } catch {
      return;
    }
    for (const name of names) {
      const p = join(dir, name);
      let st;
      try {
        st = statSync(p);
      } catch {
        continue; // removed while listing: the next check sees the settled state
      }
      if (st.isDirectory()) walk(p);
      else if (pattern.test(name)) parts.push(`${p}:${st.size}:${st.mtimeMs}`);
    }
  };
  for (const d of dirs) walk(d);
  return parts.join('\n');
}

/** Says "check now" at most once per `intervalMs`, so a request-heavy server does not stat every rule file per request. */
export class RecheckGate {
  private last = Number.NEGATIVE_INFINITY;
  constructor(private readonly intervalMs: number) {}

  due(now = Date.now()): boolean {
    if (now - this.last < this.intervalMs) return false;
    this.last = now;
    return true;
  }
}
