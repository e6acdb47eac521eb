/**
 * Child-process side of the scan pool. A process (not a worker thread) because a native scan
 * cannot be interrupted from JavaScript: killing the process is the only way a timeout really
 * stops a runaway rule.
 */
import { createHash } from 'node:crypto';
import { diagnosticFromThrown, toDiagnostic } from './diagnostics.js';
import { compileCustom, compileGroups, MatchMerger, scanBlock, type CompiledSet } from './engine.js';
import { YaraError } from './errors.js';
import { EMPTY_EXTERNALS, externalsFor, type Externals } from './externals.js';
import { validateRules } from './native.js';
import { WORKER_MAX_PACKS, type Request, type Response, type RuleRef, type WireError } from './protocol.js';
import { readHead, scanFileWindows } from './scan-target.js';

/** Compiled rule sets, oldest-inserted dropped first (see WORKER_MAX_PACKS). */
const packs = new Map<string, CompiledSet>();
const customs = new Map<string, CompiledSet>();
const MAX_CUSTOM = 32;

function remember(cache: Map<string, CompiledSet>, limit: number, key: string, set: CompiledSet): CompiledSet {
  cache.delete(key);
  cache.set(key, set);
  while (cache.size > limit) cache.delete(cache.keys().next().value!);
  return set;
}

function send(msg: Response): void {
  process.send!(msg);
}

function wireError(err: unknown): WireError {
  if (err instanceof YaraError) return { code: err.code, message: err.message };
  const d = diagnosticFromThrown(err);
  if (d.code !== 'unknown') return { code: 'compile', message: d.title, diagnostics: [d] };
  return { code: 'scan', message: err instanceof Error ? err.message : String(err) };
}

function rulesFor(ref: RuleRef): CompiledSet {
  if (ref.kind === 'pack') {
    const set = packs.get(ref.packId);
    if (set === undefined) throw new YaraError('worker', `pack ${ref.packId} is not loaded in this worker`);
    return set;
  }
  const key = createHash('sha256').update(ref.source).digest('hex');
  return customs.get(key) ?? remember(customs, MAX_CUSTOM, key, compileCustom(ref.source));
}

function handle(req: Request): Response {
  const t0 = performance.now();
  switch (req.type) {
    case 'load': {
      const set = packs.get(req.packId) ?? remember(packs, WORKER_MAX_PACKS, req.packId, compileGroups(req.groups));
      return { type: 'loaded', id: req.id, split: set.split, ms: performance.now() - t0 };
    }
    case 'compile': {
      const r = validateRules(req.source, { defineVariables: { ...EMPTY_EXTERNALS } });
      return { type: 'compiled', id: req.id, errors: r.errors.map(toDiagnostic), warnings: r.warnings.map(toDiagnostic) };
    }
    case 'scan': {
      const set = rulesFor(req.rules);
      const t = req.target;
      if (t.kind === 'buffer') {
        const data = Buffer.from(t.data.buffer, t.data.byteOffset, t.data.byteLength);
        const ext: Externals = { ...externalsFor(t.name, data.subarray(0, 16)), ...req.externals };
        const merger = new MatchMerger(req.limits);
        merger.add(scanBlock(set, data, ext, req.limits));
        return { type: 'scanned', id: req.id, matches: merger.result(), bytes: data.length, windows: 1, ms: performance.now() - t0 };
      }
      const ext: Externals = { ...externalsFor(t.name ?? t.path, readHead(t.path)), ...req.externals };
      const r = scanFileWindows(set, t.path, ext, req.limits);
      return { type: 'scanned', id: req.id, ...r, ms: performance.now() - t0 };
    }
  }
}

process.on('message', (req: Request) => {
  try {
    send(handle(req));
  } catch (err) {
    send({ type: 'failed', id: req.id, error: wireError(err) });
  }
});
