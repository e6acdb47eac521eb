/**
 * Where a job's worker CPU went: the worker's V8 CPU profiles (`node --cpu-prof`, one file per
 * thread, written when it exits) cut to the job's time window and summed by the code the samples
 * fell in (a workspace package and its source folder, a dependency, node itself, GC). The profile's
 * timestamps and `process.hrtime` both read the system's monotonic clock (microseconds), which is
 * what lines a window measured here up with the worker's samples.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** A span of the monotonic clock, microseconds. */
export interface Window {
  label: string;
  from: number;
  to: number;
}

export const monotonicMicros = (): number => Number(process.hrtime.bigint() / 1000n);

/** `packages/insights/src/triage/…` → `insights/triage`; `node_modules/fflate/…` → `fflate`; `node:zlib` → `node`. */
export function codeOf(frame: ProfileNode['callFrame']): string | null {
  const { url, functionName } = frame;
  // A pool thread waiting for work (piscina parks in Atomics.wait) is idle, not busy.
  if (functionName === 'atomicsWaitLoop' || (!url && functionName === 'wait')) return null;
  if (!url) {
    if (functionName === '(idle)' || functionName === '(root)') return null;
    return functionName === '(garbage collector)' ? 'GC' : functionName === '(program)' ? 'native (program)' : `native ${functionName}`;
  }
  if (url.startsWith('node:')) return 'node';
  const dep = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
  if (dep) return dep[1]!;
  const ws = /\/(packages|apps)\/([^/]+)\/(?:src|dist)\/([^/.]+)(\/)?/.exec(url);
  if (ws) return `${ws[2]}${ws[4] ? `/${ws[3]}` : ''}`;
  return 'other';
}

/** `matchField (packages/sigma/src/match.ts)`: a sampled function by name and file; idle is null, as in codeOf. */
export function functionOf(frame: ProfileNode['callFrame']): string | null {
  const code = codeOf(frame);
  if (code === null || !frame.url) return code;
  const file = /\/((?:packages|apps)\/.*)$/.exec(frame.url)?.[1] ?? /node_modules\/(.*)$/.exec(frame.url)?.[1] ?? frame.url;
  return `${frame.functionName || '(anonymous)'} (${file})`;
}

/** CPU microseconds per code, per window, over every profile file in `dir`. */
export function cpuByCode(dir: string, windows: readonly Window[]): Map<string, Map<string, number>> {
  return cpuBy(dir, windows, codeOf);
}

/** CPU microseconds per function (its self time), per window, over every profile file in `dir`. */
export function cpuByFunction(dir: string, windows: readonly Window[]): Map<string, Map<string, number>> {
  return cpuBy(dir, windows, functionOf);
}

function cpuBy(dir: string, windows: readonly Window[], keyOf: (frame: ProfileNode['callFrame']) => string | null): Map<string, Map<string, number>> {
  const out = new Map(windows.map((w) => [w.label, new Map<string, number>()]));
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.cpuprofile'))) {
    const profile = JSON.parse(readFileSync(join(dir, name), 'utf8')) as CpuProfile;
    const code = new Map(profile.nodes.map((n) => [n.id, keyOf(n.callFrame)]));
    let t = profile.startTime;
    for (let i = 0; i < profile.samples.length; i++) {
      const delta = profile.timeDeltas[i] ?? 0;
      t += delta;
      const c = code.get(profile.samples[i]!);
      if (!c) continue;
      const w = windows.find((x) => t >= x.from && t < x.to);
      if (!w) continue;
      const sums = out.get(w.label)!;
      // A sample stands for the time since the one before it.
      sums.set(c, (sums.get(c) ?? 0) + delta);
    }
  }
  return out;
}
